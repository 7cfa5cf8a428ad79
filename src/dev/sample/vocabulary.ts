/**
 * Word lists for the sample generator. Every provider, model line and benchmark name here is
 * invented; generated names are checked against BLOCKED_FRAGMENTS so that none reads like a real
 * model, company or an unfortunate word.
 */

export const DOMAINS = [
  'general',
  'code',
  'math',
  'reasoning',
  'knowledge',
  'science',
  'long-context',
  'agents',
  'language',
  'vision',
  'audio',
  'safety',
  'writing',
  'data',
] as const;
export type Domain = (typeof DOMAINS)[number];

/** Domains a benchmark can belong to (`general` is a model-only notion). */
export const BENCH_DOMAINS = DOMAINS.filter((d) => d !== 'general');

/** How often a generated benchmark or a specialised model line falls in each domain. */
export const DOMAIN_WEIGHT: Record<Domain, number> = {
  general: 0,
  code: 3,
  math: 2,
  reasoning: 2,
  knowledge: 2,
  science: 1.5,
  'long-context': 1,
  agents: 2,
  language: 1.5,
  vision: 1.5,
  audio: 0.5,
  safety: 1.5,
  writing: 1.5,
  data: 1,
};

/** Capability tags per domain, most common first. */
export const CURATED_TAGS: Record<Domain, readonly string[]> = {
  general: ['general-purpose', 'chat', 'multimodal', 'reasoning-model', 'open-weights', 'low-latency', 'cost-efficiency', 'on-device', 'fine-tunable', 'long-output'],
  code: [
    'code-generation', 'software-engineering', 'debugging', 'code-repair', 'code-completion', 'code-review', 'competitive-programming',
    'test-generation', 'refactoring', 'repository-navigation', 'program-synthesis', 'sql', 'shell-scripting', 'frontend-development',
    'api-usage', 'code-translation', 'static-analysis', 'type-inference',
  ],
  math: [
    'math-reasoning', 'math-olympiad', 'theorem-proving', 'word-problems', 'algebra', 'geometry', 'calculus', 'number-theory',
    'combinatorics', 'probability', 'statistics', 'arithmetic', 'formal-verification', 'symbolic-math',
  ],
  reasoning: [
    'logical-reasoning', 'commonsense-reasoning', 'planning', 'multi-step-reasoning', 'puzzle-solving', 'causal-reasoning',
    'spatial-reasoning', 'temporal-reasoning', 'deductive-reasoning', 'abductive-reasoning', 'analogical-reasoning',
    'constraint-satisfaction', 'counterfactual-reasoning', 'strategic-games',
  ],
  knowledge: [
    'world-knowledge', 'factual-recall', 'open-domain-qa', 'science-qa', 'medical-knowledge', 'clinical-reasoning', 'legal-reasoning',
    'finance', 'closed-book-qa', 'history', 'geography', 'economics', 'pharmacology',
  ],
  science: [
    'physics', 'chemistry', 'biology', 'scientific-literature', 'experimental-design', 'materials-science', 'astronomy',
    'earth-science', 'lab-protocols', 'bioinformatics', 'climate-science',
  ],
  'long-context': [
    'long-context', 'retrieval', 'summarization', 'multi-document-qa', 'needle-retrieval', 'citation-accuracy', 'book-comprehension',
    'long-form-generation', 'memory',
  ],
  agents: [
    'tool-use', 'function-calling', 'agentic-workflows', 'web-browsing', 'terminal-use', 'computer-use', 'long-horizon-tasks',
    'web-navigation', 'task-automation', 'self-correction', 'multi-agent', 'environment-interaction', 'research-assistance',
  ],
  language: [
    'multilingual', 'translation', 'reading-comprehension', 'low-resource-languages', 'cross-lingual-transfer',
    'natural-language-inference', 'paraphrase', 'grammar', 'sentiment-analysis', 'named-entity-recognition', 'dialect-robustness',
  ],
  vision: [
    'vision-language', 'image-understanding', 'document-understanding', 'chart-understanding', 'ocr', 'diagram-reasoning',
    'visual-math', 'video-understanding', 'ui-understanding', 'image-captioning',
  ],
  audio: ['speech-recognition', 'audio-understanding', 'spoken-dialogue', 'music-understanding'],
  safety: [
    'safety', 'hallucination-resistance', 'jailbreak-robustness', 'honesty', 'refusal-calibration', 'calibration', 'bias-evaluation',
    'adversarial-robustness', 'privacy', 'toxicity-avoidance',
  ],
  writing: [
    'instruction-following', 'structured-output', 'creative-writing', 'dialogue', 'json-formatting', 'editing', 'technical-writing',
    'persona-consistency', 'style-transfer', 'roleplay', 'humor',
  ],
  data: [
    'data-analysis', 'table-understanding', 'spreadsheets', 'information-extraction', 'data-wrangling', 'classification',
    'visualization', 'entity-linking', 'forecasting', 'anomaly-detection',
  ],
};

/**
 * Prefixes that turn a capability tag into a narrower one for large taxonomies, with the domains
 * where the combination reads naturally (`step-by-step-geometry`, not `step-by-step-ocr`).
 */
export const TAG_QUALIFIERS: Readonly<Record<string, readonly Domain[]>> = {
  multilingual: ['knowledge', 'reasoning', 'writing', 'safety', 'long-context', 'math', 'vision'],
  'low-resource': ['language', 'audio', 'knowledge'],
  'long-horizon': ['agents', 'code', 'reasoning'],
  'zero-shot': ['language', 'reasoning', 'vision', 'data', 'knowledge'],
  'few-shot': ['language', 'reasoning', 'vision', 'data', 'knowledge'],
  adversarial: ['safety', 'reasoning', 'language', 'vision', 'knowledge'],
  interactive: ['agents', 'code', 'reasoning', 'writing'],
  formal: ['math', 'reasoning', 'code'],
  'open-ended': ['writing', 'science', 'reasoning', 'math'],
  'domain-specific': ['knowledge', 'language', 'data', 'science', 'vision'],
  'multi-turn': ['agents', 'writing', 'safety', 'code', 'long-context'],
  'real-world': ['code', 'agents', 'data', 'vision'],
  'expert-level': ['knowledge', 'science', 'math', 'code'],
  'noisy-input': ['audio', 'vision', 'language', 'data'],
  'step-by-step': ['math', 'reasoning', 'science'],
  'large-scale': ['code', 'data', 'long-context'],
  'beginner-level': ['math', 'code', 'science', 'language'],
  'graduate-level': ['math', 'science', 'knowledge'],
  'time-constrained': ['code', 'math', 'agents', 'reasoning'],
  multimodal: ['reasoning', 'math', 'science', 'knowledge', 'agents', 'writing'],
};

/** First words of provider names; the first two make the familiar pair of the sample. */
export const PROVIDER_WORDS = [
  'Halcyon', 'Verdant', 'Cobalt', 'Meridian', 'Larkspur', 'Tessellate', 'Ironbark', 'Saffron', 'Glasswing', 'Bramble', 'Quartzline',
  'Driftwood', 'Kestrel', 'Marigold', 'Riverstone', 'Sablewood', 'Tamarind', 'Umbral', 'Vireo', 'Yarrowfield', 'Amberlight',
  'Cedarline', 'Dovetail', 'Emberfall', 'Greyhaven', 'Hollowmere', 'Inkwell', 'Kitewing', 'Lodestar', 'Mossgate', 'Nightjar',
  'Oakhollow', 'Pinecrest', 'Quillwork', 'Rosefinch', 'Silverfern', 'Thornfield', 'Underhill', 'Valewind', 'Wrenfield',
  'Brightwater', 'Coldharbour', 'Fernhollow', 'Gildenmoor',
] as const;
export const PROVIDER_NOUNS = [
  'Systems', 'Compute', 'Labs', 'Research', 'Intelligence', 'AI', 'Dynamics', 'Foundry', 'Collective', 'Works', 'Institute', 'Machines',
] as const;

/** Invented model-line names; larger populations continue with generated ones. */
export const LINE_NAMES = [
  'Quillon', 'Vesperine', 'Tindra', 'Orrelin', 'Halvard', 'Corvina', 'Mirelle', 'Sorrelin', 'Brisa', 'Calyx', 'Elowen', 'Faelan',
  'Ilmari', 'Jessamy', 'Kaelo', 'Nerissa', 'Oriel', 'Perrin', 'Quenby', 'Solenne', 'Tamsin', 'Ulric', 'Velour', 'Wystan', 'Xanthe',
  'Yseult', 'Zarek', 'Amaranth', 'Bellwether', 'Cantor', 'Dervish', 'Estuary', 'Fennick', 'Gossamer', 'Harrow', 'Isola', 'Jacquard',
  'Ortolan', 'Pennant', 'Quiver', 'Rill', 'Saltire', 'Tallis', 'Undine', 'Whimbrel', 'Yonder', 'Marlow',
] as const;

/** Syllables for generated line names: onset, vowel, then middle consonant and vowel pairs, then an ending. */
export const NAME_ONSETS = ['b', 'br', 'c', 'cl', 'd', 'dr', 'f', 'fl', 'g', 'gr', 'h', 'k', 'l', 'm', 'n', 'p', 'pr', 'qu', 'r', 's', 'st', 't', 'tr', 'v', 'w', 'z', 'th', 'sh'] as const;
export const NAME_VOWELS = ['a', 'e', 'i', 'o', 'u', 'a', 'e', 'o', 'ae', 'ei', 'io'] as const;
export const NAME_MIDDLES = ['l', 'n', 'r', 's', 'v', 'm', 'd', 't', 'th', 'st', 'nd', 'rl', 'lv', 'rr', 'll'] as const;
export const NAME_ENDINGS = ['a', 'en', 'ia', 'on', 'ir', 'el', 'yn', 'ette', 'ix', 'or', 'ane', 'is', 'ra', 'ith', 'ara', 'elle', 'ion', 'us', 'ine', 'ova'] as const;

/**
 * Fragments a generated name may not contain: real model and company names, and words nobody wants
 * to see in a model name.
 */
export const BLOCKED_FRAGMENTS = [
  'gpt', 'llam', 'gem', 'claud', 'qwen', 'grok', 'phi', 'mistr', 'mixtr', 'falc', 'olmo', 'nova', 'titan', 'sonn', 'opus', 'haik',
  'bard', 'palm', 'ernie', 'kimi', 'glm', 'orca', 'vicun', 'alpac', 'dolly', 'bloom', 'pythi', 'herm', 'solar', 'jamb', 'reka',
  'arctic', 'granit', 'nemo', 'minerv', 'gophe', 'sparr', 'chinch', 'lamda', 'gala', 'deep', 'open', 'ai',
  'nig', 'fag', 'cum', 'sex', 'rap', 'ass', 'tit', 'dic', 'cok', 'coc', 'cox', 'fuk', 'fuc', 'shit', 'nazi', 'kkk', 'jew', 'gay',
  'porn', 'anal', 'anus', 'butt', 'pen', 'vag', 'cunt', 'hitl', 'slut', 'whor', 'crap', 'piss', 'semen', 'hell', 'damn', 'kill',
  'die', 'dead', 'suic', 'drug', 'homo', 'lesb', 'pus', 'poo', 'pee', 'fart', 'turd', 'bitch', 'bastard',
] as const;

/** Product tiers that share the release's familyTag, and tiers sold as a release of their own. */
export const SHARED_TIERS = ['Plus', 'Prime', 'Studio'] as const;
export const SEPARATE_TIERS = ['Lite', 'Compact', 'Swift', 'Brisk'] as const;

export type ScaleKind = 'percent' | 'fraction' | 'elo' | 'count' | 'points' | 'olympiad';

export interface CuratedBench {
  name: string;
  domain: Domain;
  /** What the benchmark measures, as a noun phrase. */
  subject: string;
  scale?: ScaleKind;
  /** The tags the community gave it first. */
  tags?: readonly string[];
}

/** Hand-written benchmarks; the sample takes them round-robin by domain. */
export const CURATED_BENCHES: readonly CuratedBench[] = [
  { name: 'Polyglot Patch Bench', domain: 'code', subject: 'repository-level bug fixing across a dozen programming languages', tags: ['code-repair', 'software-engineering'] },
  { name: 'Refactor Relay', domain: 'code', subject: 'multi-file refactoring that must keep an existing test suite green', tags: ['refactoring', 'software-engineering'] },
  { name: 'Stacktrace Sleuth', domain: 'code', subject: 'finding and fixing the root cause of a crash from its stack trace', tags: ['debugging', 'code-repair'] },
  { name: 'Repo Cartographer', domain: 'code', subject: 'answering questions about the structure of unfamiliar repositories', tags: ['repository-navigation', 'long-context'] },
  { name: 'UnitForge', domain: 'code', subject: 'writing unit tests that catch seeded bugs without failing on correct code', scale: 'count', tags: ['test-generation', 'code-generation'] },
  { name: 'Kernel Kata', domain: 'code', subject: 'writing fast numerical kernels that match a reference implementation', tags: ['code-generation', 'program-synthesis'] },
  { name: 'Query Foundry', domain: 'code', subject: 'translating analyst questions into SQL over realistic schemas', tags: ['sql', 'data-analysis'] },
  { name: 'Shell Sprint', domain: 'code', subject: 'system-administration tasks in a sandboxed shell', tags: ['shell-scripting', 'terminal-use'] },
  { name: 'Widget Workshop Arena', domain: 'code', subject: 'building small interactive web components', scale: 'elo', tags: ['frontend-development', 'code-generation'] },
  { name: 'ProofLadder', domain: 'math', subject: 'rigorous proof writing, from textbook lemmas up to olympiad problems', scale: 'points', tags: ['theorem-proving', 'math-reasoning'] },
  { name: 'Olympiad Orchard', domain: 'math', subject: 'national-olympiad style problems with fully justified solutions', scale: 'olympiad', tags: ['math-olympiad', 'math-reasoning'] },
  { name: 'Lemma Lattice', domain: 'math', subject: 'proving lemmas in a formal proof assistant, checked by machine', scale: 'count', tags: ['formal-verification', 'theorem-proving'] },
  { name: 'Integral Isles', domain: 'math', subject: 'symbolic integration and differential equations with exact answers', tags: ['calculus', 'symbolic-math'] },
  { name: 'Counting Cavern', domain: 'math', subject: 'combinatorics and probability questions with integer answers', scale: 'count', tags: ['combinatorics', 'probability'] },
  { name: 'Ratio Rally', domain: 'math', subject: 'multi-step word problems about rates, ratios and money', tags: ['word-problems', 'arithmetic'] },
  { name: 'Tangent Trials', domain: 'math', subject: 'Euclidean and coordinate geometry with numeric answers', tags: ['geometry'] },
  { name: 'Prime Sieve Suite', domain: 'math', subject: 'number-theory questions that reward careful case analysis', tags: ['number-theory', 'math-olympiad'] },
  { name: 'Labyrinth Logic', domain: 'reasoning', subject: 'grid puzzles whose rules are stated only in natural language', tags: ['puzzle-solving', 'constraint-satisfaction'] },
  { name: 'Causal Compass', domain: 'reasoning', subject: 'cause-and-effect questions about short everyday scenarios', tags: ['causal-reasoning', 'commonsense-reasoning'] },
  { name: 'Riddle Reef', domain: 'reasoning', subject: 'lateral-thinking riddles with a single intended answer', tags: ['puzzle-solving', 'abductive-reasoning'] },
  { name: "Planner's Gauntlet", domain: 'reasoning', subject: 'multi-step planning in block-world and logistics domains', tags: ['planning', 'multi-step-reasoning'] },
  { name: 'Syllogism Steps', domain: 'reasoning', subject: 'chains of deductive inferences of increasing length', tags: ['deductive-reasoning', 'logical-reasoning'] },
  { name: 'Timeline Tangle', domain: 'reasoning', subject: 'ordering events and reasoning about durations described in prose', tags: ['temporal-reasoning'] },
  { name: 'Spatial Tiles', domain: 'reasoning', subject: 'mental rotation and spatial layout questions posed in text', tags: ['spatial-reasoning'] },
  { name: 'Gambit Arena', domain: 'reasoning', subject: 'strategic board and card games played against other systems', scale: 'elo', tags: ['strategic-games', 'planning'] },
  { name: 'Archivist QA', domain: 'knowledge', subject: 'closed-book questions on history, geography and culture', tags: ['closed-book-qa', 'history', 'geography'] },
  { name: 'Ward Rounds', domain: 'knowledge', subject: 'clinical vignettes that ask for a diagnosis and the next step', tags: ['clinical-reasoning', 'medical-knowledge'] },
  { name: 'Casebook Counsel', domain: 'knowledge', subject: 'applying statutes and precedent to invented legal disputes', tags: ['legal-reasoning'] },
  { name: 'Ledger Literacy', domain: 'knowledge', subject: 'questions on accounting, markets and personal finance', tags: ['finance', 'economics'] },
  { name: 'Almanac Recall', domain: 'knowledge', subject: 'short factual questions with unambiguous, verifiable answers', tags: ['factual-recall', 'world-knowledge'] },
  { name: 'Beaker Bench', domain: 'science', subject: 'reaction prediction and stoichiometry in general chemistry', tags: ['chemistry', 'science-qa'] },
  { name: 'Orbital Queries', domain: 'science', subject: 'graduate-level physics and astronomy questions', tags: ['physics', 'astronomy'] },
  { name: 'Protocol Pipette', domain: 'science', subject: 'troubleshooting wet-lab protocols step by step', tags: ['lab-protocols', 'experimental-design', 'biology'] },
  { name: 'Genome Grammar', domain: 'science', subject: 'reading and reasoning about DNA and protein sequences', tags: ['bioinformatics', 'biology'] },
  { name: 'Haystack Harbor', domain: 'long-context', subject: 'retrieving and combining facts scattered across very long documents', tags: ['long-context', 'needle-retrieval'] },
  { name: 'Tome Traverse', domain: 'long-context', subject: 'questions about full-length novels', tags: ['book-comprehension', 'long-context'] },
  { name: 'Citation Chain', domain: 'long-context', subject: 'answering with correct citations to the supporting passages', tags: ['citation-accuracy', 'multi-document-qa'] },
  { name: 'Digest Depth', domain: 'long-context', subject: 'faithful summaries of long technical reports', scale: 'points', tags: ['summarization', 'long-context'] },
  { name: 'Archive Drift', domain: 'long-context', subject: 'recalling details introduced hundreds of turns earlier in a conversation', tags: ['memory', 'dialogue'] },
  { name: 'Toolsmith Trials', domain: 'agents', subject: 'choosing and calling tools correctly from a large API catalogue', tags: ['function-calling', 'tool-use'] },
  { name: 'Errand Engine', domain: 'agents', subject: 'customer-service tasks that need several tool calls and policy checks', tags: ['tool-use', 'agentic-workflows'] },
  { name: 'Terminal Tides', domain: 'agents', subject: 'long tasks in a real terminal: building, configuring and debugging software', tags: ['terminal-use', 'long-horizon-tasks', 'software-engineering'] },
  { name: 'Browser Burrow', domain: 'agents', subject: 'finding hard-to-locate information by browsing a snapshot of the web', tags: ['web-browsing', 'research-assistance'] },
  { name: 'Desk Clerk Sim', domain: 'agents', subject: 'operating desktop applications through screenshots and clicks', tags: ['computer-use', 'ui-understanding'] },
  { name: 'Workflow Weave', domain: 'agents', subject: 'automating office workflows across mail, calendar and documents', tags: ['task-automation', 'agentic-workflows'] },
  { name: 'Courier Relay', domain: 'agents', subject: 'coordinating several agents that each hold part of the information', tags: ['multi-agent'] },
  { name: 'Babel Bridges', domain: 'language', subject: 'translation between forty language pairs, scored against expert references', tags: ['translation', 'multilingual'] },
  { name: 'Lowland Lexicon', domain: 'language', subject: 'understanding and answering questions in low-resource languages', tags: ['low-resource-languages', 'multilingual'] },
  { name: 'Dialect Drift', domain: 'language', subject: 'robustness to regional spelling, slang and code-switching', tags: ['dialect-robustness'] },
  { name: 'Inference Isle', domain: 'language', subject: 'natural-language inference with adversarially written hypotheses', tags: ['natural-language-inference'] },
  { name: 'Parse and Paraphrase', domain: 'language', subject: 'meaning-preserving paraphrase and grammatical error correction', tags: ['paraphrase', 'grammar'] },
  { name: 'ChartSight', domain: 'vision', subject: 'reading values and trends off charts and plots', tags: ['chart-understanding', 'vision-language'] },
  { name: 'Scanline Docs', domain: 'vision', subject: 'extracting fields from scanned forms, receipts and invoices', tags: ['document-understanding', 'ocr'] },
  { name: 'Diagram Dunes', domain: 'vision', subject: 'reasoning over scientific diagrams and flowcharts', tags: ['diagram-reasoning'] },
  { name: 'Frame by Frame', domain: 'vision', subject: 'questions about events in short video clips', tags: ['video-understanding'] },
  { name: 'Pixel Proofs', domain: 'vision', subject: 'math problems that can only be solved from the accompanying figure', tags: ['visual-math', 'math-reasoning'] },
  { name: 'Screen Sense', domain: 'vision', subject: 'understanding app screenshots well enough to name the next action', tags: ['ui-understanding', 'computer-use'] },
  { name: 'Echo Transcripts', domain: 'audio', subject: 'transcribing noisy, accented and overlapping speech', tags: ['speech-recognition'] },
  { name: 'Chorus Comprehension', domain: 'audio', subject: 'questions about speech, music and ambient sound', tags: ['audio-understanding', 'music-understanding'] },
  { name: 'Red Lantern', domain: 'safety', subject: 'resisting jailbreak attempts while staying helpful on benign requests', tags: ['jailbreak-robustness', 'safety'] },
  { name: 'Candor Check', domain: 'safety', subject: 'admitting uncertainty instead of inventing answers', tags: ['honesty', 'calibration'] },
  { name: 'Refusal Rubric', domain: 'safety', subject: 'refusing harmful requests without over-refusing harmless ones', tags: ['refusal-calibration', 'safety'] },
  { name: 'Mirage Detector', domain: 'safety', subject: 'spotting unsupported claims in generated summaries', tags: ['hallucination-resistance', 'summarization'] },
  { name: 'Even Keel Bias Probe', domain: 'safety', subject: 'consistent treatment of people across demographic descriptions', tags: ['bias-evaluation'] },
  { name: 'Instruction Ironworks', domain: 'writing', subject: 'following long lists of precise formatting and content constraints', tags: ['instruction-following'] },
  { name: 'Storyloom Arena', domain: 'writing', subject: 'short fiction judged by readers', scale: 'elo', tags: ['creative-writing'] },
  { name: 'Schema Scribe', domain: 'writing', subject: 'producing output that validates against a given JSON schema', tags: ['structured-output', 'json-formatting'] },
  { name: 'Persona Pier', domain: 'writing', subject: 'keeping a consistent persona over long role-play conversations', scale: 'points', tags: ['persona-consistency', 'roleplay'] },
  { name: "Editor's Desk", domain: 'writing', subject: 'copy-editing technical prose without changing its meaning', scale: 'points', tags: ['editing', 'technical-writing'] },
  { name: 'Pivot Point', domain: 'data', subject: 'answering questions with spreadsheet formulas and pivot tables', tags: ['spreadsheets', 'data-analysis'] },
  { name: 'Table Turner', domain: 'data', subject: 'question answering over large, messy tables', tags: ['table-understanding'] },
  { name: 'Extraction Estuary', domain: 'data', subject: 'pulling structured records out of unstructured text', tags: ['information-extraction'] },
];

/** Parts of generated benchmark names: `${root} ${noun} ${kind}${suffix}`. */
export const BENCH_ROOTS = [
  'Amber', 'Cinder', 'Driftwood', 'Ember', 'Fathom', 'Garnet', 'Heron', 'Inlet', 'Kiln', 'Marrow', 'Nettle', 'Pylon', 'Quarry', 'Rook',
  'Saltmarsh', 'Thistle', 'Umber', 'Vale', 'Willow', 'Yarrow', 'Alder', 'Bramble', 'Copper', 'Dune', 'Flint', 'Glacier', 'Harbor',
  'Ivory', 'Kelp', 'Linden', 'Moss', 'Nimbus', 'Opal', 'Pebble', 'Reed', 'Slate', 'Tundra', 'Upland', 'Wharf', 'Zinc', 'Cairn',
  'Birch', 'Cobble', 'Fjord',
] as const;
export const BENCH_NOUNS: Record<Domain, readonly string[]> = {
  general: ['General'],
  code: ['Patch', 'Compile', 'Refactor', 'Syntax', 'Repo', 'Debug', 'Kernel', 'Script'],
  math: ['Proof', 'Lemma', 'Theorem', 'Integral', 'Ratio', 'Sum', 'Tangent', 'Matrix'],
  reasoning: ['Logic', 'Riddle', 'Puzzle', 'Maze', 'Syllogism', 'Plan', 'Cause', 'Deduction'],
  knowledge: ['Almanac', 'Archive', 'Recall', 'Fact', 'Lore', 'Ledger', 'Index', 'Compendium'],
  science: ['Beaker', 'Orbit', 'Genome', 'Isotope', 'Spectrum', 'Pipette'],
  'long-context': ['Haystack', 'Tome', 'Scroll', 'Chapter', 'Digest', 'Folio'],
  agents: ['Toolbox', 'Errand', 'Terminal', 'Browser', 'Workflow', 'Courier', 'Desk'],
  language: ['Lexicon', 'Dialect', 'Babel', 'Phrase', 'Idiom', 'Grammar'],
  vision: ['Pixel', 'Chart', 'Diagram', 'Frame', 'Glyph', 'Scan'],
  audio: ['Echo', 'Chorus', 'Tone', 'Cadence'],
  safety: ['Lantern', 'Guardrail', 'Candor', 'Mirage', 'Keel', 'Shield'],
  writing: ['Quill', 'Schema', 'Story', 'Persona', 'Rubric', 'Draft'],
  data: ['Pivot', 'Table', 'Column', 'Query', 'Tally'],
};
export const BENCH_KINDS = ['Bench', 'Suite', 'Trials', 'Arena', 'Gauntlet', 'Challenge', 'Set', 'QA', 'Eval', 'Board'] as const;
export const BENCH_SUFFIXES = ['', '', '', '', ' Hard', ' Lite', ' v2', ' Extended'] as const;

/** What generated benchmarks measure, per domain. */
export const DOMAIN_SUBJECTS: Record<Domain, readonly string[]> = {
  general: ['general assistant tasks'],
  code: ['bug fixing in mid-sized repositories', 'function-level code generation from docstrings', 'translating code between languages', 'reviewing pull requests for defects'],
  math: ['competition mathematics with exact answers', 'multi-step quantitative word problems', 'formal proofs checked by a proof assistant', 'university-level calculus and linear algebra'],
  reasoning: ['logic puzzles stated in plain language', 'long chains of deductive inference', 'planning under constraints', 'commonsense questions that resist shortcuts'],
  knowledge: ['expert knowledge across professional fields', 'closed-book factual questions', 'questions from professional licensing exams'],
  science: ['graduate-level science questions', 'experimental design and lab troubleshooting', 'reading and critiquing research abstracts'],
  'long-context': ['question answering over very long inputs', 'multi-document synthesis with citations', 'recall of details buried deep in long contexts'],
  agents: ['multi-step tool use in sandboxed environments', 'web tasks with verifiable end states', 'long-horizon software tasks in a terminal'],
  language: ['translation quality across many language pairs', 'reading comprehension in many languages', 'robustness to dialects and informal spelling'],
  vision: ['visual question answering on charts and documents', 'reasoning over diagrams and figures', 'understanding user-interface screenshots'],
  audio: ['speech transcription in noisy conditions', 'question answering about audio clips'],
  safety: ['resistance to adversarial prompts', 'calibrated refusals and honest uncertainty', 'detection of unsupported claims'],
  writing: ['instruction following under many constraints', 'structured output that must validate', 'long-form writing judged against a rubric'],
  data: ['question answering over tables', 'information extraction into structured records', 'spreadsheet analysis tasks'],
};

/** What the items of a benchmark are, per domain. */
export const DOMAIN_ITEMS: Record<Domain, readonly string[]> = {
  general: ['tasks'],
  code: ['tasks drawn from invented open-source projects', 'hand-written programming problems', 'issue reports paired with hidden tests'],
  math: ['competition-style problems', 'problems written by contest coaches', 'questions with machine-checkable answers'],
  reasoning: ['puzzles generated from templates and checked by people', 'hand-written scenarios', 'items of graded difficulty'],
  knowledge: ['expert-written questions', 'questions reviewed by two specialists', 'multiple-choice and short-answer items'],
  science: ['questions written by graduate students', 'problems in the style of advanced textbooks', 'expert-reviewed items'],
  'long-context': ['long documents with planted facts', 'question sets over book-length inputs', 'document bundles of up to a million tokens'],
  agents: ['sandboxed tasks with automatic checkers', 'scripted environments', 'multi-step tasks with verifiable end states'],
  language: ['sentences reviewed by native speakers', 'items spread over many languages', 'annotated examples'],
  vision: ['images with human-written questions', 'annotated screenshots and scans', 'visual questions with short answers'],
  audio: ['recordings with verified transcripts', 'audio clips with multiple-choice questions'],
  safety: ['red-team prompts mixed with benign controls', 'adversarial prompts', 'paired harmful and harmless requests'],
  writing: ['prompts with explicit constraints', 'writing prompts', 'rubric-graded tasks'],
  data: ['tables and spreadsheets with questions', 'documents with gold annotations', 'analysis questions'],
};

export const DESCRIPTION_VERBS = ['measures', 'tests', 'evaluates', 'probes'] as const;

export const DESCRIPTION_EXTRAS = [
  'Items are refreshed every quarter to limit contamination.',
  'A held-out split is kept private and scored by the maintainers.',
  'Results are self-reported with the public harness and spot-checked.',
  'Grading is fully automatic and the harness is open source.',
  'Each item was double-checked by a second annotator.',
  'Human baselines are reported alongside model scores.',
  'Tasks are weighted so that no single category dominates the total.',
] as const;

/** Organisations on the invented code host of benchmark repositories. */
export const BENCH_ORGS = [
  'eval-commons', 'open-measures', 'cairn-institute', 'tidewater-ml', 'quarry-group', 'lattice-lab', 'fieldnotes-ai', 'benchwright',
] as const;
