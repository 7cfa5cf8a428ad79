/**
 * A small export with everything a mirror must survive: families, hostile strings, unsafe slugs
 * and tags, a new dimension key, a non-http URL and a tag that no row carries.
 */
export const GENERATED_AT = Date.UTC(2026, 10, 16, 6, 0, 0);
const DAY = 86_400_000;

export const HOSTILE_NAME = '<img src=x onerror="alert(1)">Evil & Co';
/** A name that tries to reverse the text after it, with characters XML 1.0 forbids and C1 controls that validation lets through. */
export const BIDI_NAME = 'Plain \u202eSix\ufffe\u0085 \u0080end';
/** A description with C0 controls (descriptions are not checked for them) and a noncharacter. */
export const CONTROL_DESCRIPTION = 'Patches code.\u0001\u0007 Rings a bell.\uffff';
export const HOSTILE_DESCRIPTION = '<script>alert("xss")</script> A benchmark that tries to break out.';

const dims = (extra: Record<string, number> = {}) => ({
  relevance: 4.2,
  contamination: 3.1,
  discriminability: 3.8,
  reproducibility: 4.0,
  difficulty: 3.6,
  ...extra,
});

export function model(slug: string, familyTag: string, supraScore: number, extra: Record<string, unknown> = {}) {
  return {
    slug,
    name: `Model ${slug}`,
    provider: 'Acme Labs',
    familyTag,
    tags: ['reasoning'],
    supraScore,
    benchCount: 3,
    updatedAt: GENERATED_AT - DAY,
    ...extra,
  };
}

export function bench(slug: string, effectiveWeight: number, extra: Record<string, unknown> = {}) {
  return {
    slug,
    name: `Bench ${slug}`,
    description: `What ${slug} measures.`,
    url: `https://example.org/${slug}`,
    isOfficial: false,
    tags: ['reasoning'],
    scaleMin: 0,
    scaleMax: 100,
    qualityScore: 75.4,
    dimensions: dims(),
    modelCount: 12,
    raterCount: 30,
    effectiveWeight,
    ...extra,
  };
}

export interface FixtureExport {
  generatedAt: number;
  models: Record<string, unknown>[];
  benches: Record<string, unknown>[];
  tags: Record<string, unknown>[];
  [key: string]: unknown;
}

/** A familyTag that could never be a path segment: the site derives one for its model. */
export const UNSAFE_FAMILY = '../Evil family/..';

/**
 * The fixture; `hostile: false` leaves out the rows validation drops. `site: true` adds what the
 * site's pages must get right: equal scores, scores that round alike, slugs, tags and family tags
 * that collide on a case-insensitive or Windows file system, and a benchmark with scores whose tag
 * no configuration carries.
 */
export function fixtureExport({ hostile = true, generatedAt = GENERATED_AT, site = false } = {}): FixtureExport {
  const models: Record<string, unknown>[] = [
    model('quillon-3-high', 'quillon-3', 91.25, { name: 'Quillon 3 (high)', tags: ['reasoning', 'code-generation', 'math'] }),
    model('quillon-3-low', 'quillon-3', 84.5, { name: 'Quillon 3 (low)', tags: ['reasoning'] }),
    model('mistral-x', 'mist-x', 88.1, { name: 'Mist X', provider: 'Verdant Compute', tags: ['code-generation'], addedField: { nested: true } }),
    model('mist-x-mini', 'mist-x-mini', 61.0, { name: 'Mist X Mini', provider: 'Verdant Compute', tags: [] }),
    model('evil', 'evil-1', 50.5, { name: HOSTILE_NAME, provider: '"Quotes" & <Angles>', tags: ['reasoning', 'math'] }),
    model('plain-1', 'plain-1', 40, { name: 'Plain One' }),
    model('plain-2', 'plain-2', 30, { name: 'Plain Two' }),
    model('plain-3', 'plain-3', 20, { name: 'Plain Three' }),
    model('plain-4', 'plain-4', 10, { name: 'Plain Four' }),
    model('plain-5', 'plain-5', 5, { name: `=HYPERLINK("https://evil.example")` }),
    model('plain-6', 'plain-6', 4, { name: BIDI_NAME }),
    model('plain-7', 'plain-7', 3, { name: 'Plain Seven' }),
  ];
  const benches: Record<string, unknown>[] = [
    bench('prooflad', 82.5, { name: 'ProofLadder', isOfficial: true, tags: ['math', 'reasoning'] }),
    bench('codebench', 64.2, { name: 'Polyglot Patch', description: CONTROL_DESCRIPTION, tags: ['code-generation'], dimensions: dims({ freshness: 2.5 }) }),
    bench('sneaky', 12.0, { name: 'Sneaky Bench', description: HOSTILE_DESCRIPTION, url: 'javascript:alert(1)' }),
  ];
  const tags: Record<string, unknown>[] = [
    { tag: 'code-generation', models: 2, benches: 1 },
    { tag: 'math', models: 2, benches: 1 },
    { tag: 'reasoning', models: 9, benches: 2 },
    { tag: 'unused-tag', models: 0, benches: 0 },
    ...['agents', 'long-context', 'multilingual', 'safety', 'tool-use', 'vision'].map((tag) => ({ tag, models: 0, benches: 0 })),
  ];
  if (hostile) {
    models.push(model('../../escape', 'escape', 70, { name: 'Path escape' }));
    (models[1]!.tags as string[]).push('../etc');
    tags.push({ tag: '../etc', models: 1, benches: 0 });
  }
  if (site) {
    models[4]!.familyTag = UNSAFE_FAMILY;
    // plain-1 gains a benchmark: its own evidence changed.
    models[5]!.benchCount = 4;
    (models[5]!.tags as string[]).push('Math');
    models.push(
      // 20 like plain-3: a shared rank. 30.04 against plain-2's 30: reads 30.0 twice unless a digit is added.
      model('twin-1', 'twin-1', 20, { name: 'Twin One' }),
      model('near-1', 'near-1', 30.04, { name: 'Near One' }),
      // Slugs and family tags that differ only by case, and Windows device names.
      model('Mixed-Case', 'mixed-case', 7, { name: 'Mixed Upper', tags: [] }),
      model('mixed-case', 'Mixed-Case', 6, { name: 'Mixed Lower', tags: [] }),
      model('con', 'CON', 2, { name: 'Reserved Con', tags: [] }),
    );
    benches.push(
      bench('aux', 1, { name: 'Aux Bench', tags: [] }),
      bench('visionbench', 30, { name: 'Vision Bench', tags: ['vision'], isOfficial: false, scaleMin: 0, scaleMax: 1 }),
    );
    tags.push({ tag: 'Math', models: 1, benches: 0 });
  }
  return { generatedAt, models, benches, tags, futureTopLevel: 'tolerated' };
}

const score = (bench: string, benchName: string, normalizedScore: number, extra: Record<string, unknown> = {}) => ({
  bench,
  benchName,
  rawScore: normalizedScore,
  normalizedScore,
  sourceUrl: `https://scores.example.org/${bench}`,
  accessedAt: GENERATED_AT - 10 * DAY,
  upvotes: 4,
  downvotes: 0,
  ...extra,
});

/** Per-configuration details as `/v1/models/{slug}` returns them; `site: true` adds details for more configurations. */
export function fixtureDetails({ site = false } = {}): Record<string, unknown> {
  const more = site
    ? {
        // Vision Bench carries the tag `vision`, which no configuration does.
        'mistral-x': {
          ...model('mistral-x', 'mist-x', 88.1, { name: 'Mist X' }),
          scores: [
            score('prooflad', 'ProofLadder', 79),
            score('codebench', 'Polyglot Patch', 74.5),
            score('visionbench', 'Vision Bench', 40, { rawScore: 0.4 }),
          ],
        },
        'quillon-3-low': {
          ...model('quillon-3-low', 'quillon-3', 84.5, { name: 'Quillon 3 (low)' }),
          scores: [score('prooflad', 'ProofLadder', 70), score('visionbench', 'Vision Bench', 55, { rawScore: 0.55 })],
        },
        // Counts on Sneaky Bench only: under half the weight of `reasoning`, so listed apart; Polyglot Patch does not count (1 up, 1 down).
        'plain-1': {
          ...model('plain-1', 'plain-1', 40, { name: 'Plain One' }),
          scores: [score('sneaky', 'Sneaky Bench', 35), score('codebench', 'Polyglot Patch', 90, { upvotes: 1, downvotes: 1 })],
        },
      }
    : {};
  return {
    ...more,
    'quillon-3-high': {
      ...model('quillon-3-high', 'quillon-3', 91.25, { name: 'Quillon 3 (high)' }),
      scores: [
        {
          bench: 'prooflad',
          benchName: 'ProofLadder',
          rawScore: 0.82,
          normalizedScore: 82,
          sourceUrl: 'https://example.org/paper',
          accessedAt: GENERATED_AT - 5 * DAY,
          upvotes: 5,
          downvotes: 1,
        },
        {
          bench: 'codebench',
          benchName: 'Polyglot Patch',
          rawScore: 61,
          normalizedScore: 61,
          sourceUrl: 'javascript:alert(2)',
          accessedAt: GENERATED_AT - 6 * DAY,
          upvotes: 1,
          downvotes: 3,
        },
      ],
    },
  };
}
