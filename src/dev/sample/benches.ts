/**
 * Generated benchmarks: names, descriptions, native scales, quality dimensions and the hidden
 * difficulty that the per-model scores are drawn against. A bench's own draws are keyed by its
 * name, so the same bench looks the same in a sample of any size.
 */
import { KNOWN_DIMENSIONS } from '../../api/schema.ts';
import { CHANNEL } from './channels.ts';
import { Rng, clamp, hashString, rngFor, round2, sigmoid } from './random.ts';
import { pickTags, type Taxonomy } from './taxonomy.ts';
import {
  BENCH_DOMAINS,
  BENCH_KINDS,
  BENCH_NOUNS,
  BENCH_ORGS,
  BENCH_ROOTS,
  BENCH_SUFFIXES,
  CURATED_BENCHES,
  DESCRIPTION_EXTRAS,
  DESCRIPTION_VERBS,
  DOMAIN_ITEMS,
  DOMAIN_SUBJECTS,
  DOMAIN_WEIGHT,
  type CuratedBench,
  type Domain,
  type ScaleKind,
} from './vocabulary.ts';

export type Dimension = (typeof KNOWN_DIMENSIONS)[number];

export interface Scale {
  kind: ScaleKind;
  min: number;
  max: number;
  /** Decimals of a raw score as a source would report it. */
  decimals: number;
}

export interface BenchDef {
  index: number;
  /** hashString(name): keys this bench's draws. */
  key: number;
  slug: string;
  name: string;
  domain: Domain;
  description: string;
  url: string;
  isOfficial: boolean;
  tags: number[];
  scale: Scale;
  /** Skill a configuration needs for an even chance on an item (hidden). */
  difficulty: number;
  /** How sharply the bench separates skills (hidden). */
  discrimination: number;
  dimensions: Record<Dimension, number>;
  qualityScore: number;
  /** effectiveWeight at revision 0. */
  baseWeight: number;
  /** How often configurations report a score on it (hidden). */
  popularity: number;
  raterCount: number;
}

const DOMAIN_SCALES: Record<Domain, readonly ScaleKind[]> = {
  general: ['percent'],
  code: ['percent', 'percent', 'fraction', 'count'],
  math: ['percent', 'percent', 'count', 'fraction'],
  reasoning: ['percent', 'fraction', 'percent'],
  knowledge: ['percent', 'fraction'],
  science: ['percent', 'fraction'],
  'long-context': ['percent', 'fraction', 'points'],
  agents: ['percent', 'fraction', 'count'],
  language: ['percent', 'points', 'fraction'],
  vision: ['percent', 'fraction'],
  audio: ['percent', 'fraction'],
  safety: ['percent', 'fraction'],
  writing: ['points', 'percent'],
  data: ['percent', 'fraction', 'count'],
};

const ITEM_COUNTS = [150, 240, 400, 500, 800, 1200, 2000, 3500] as const;
const COUNT_MAXIMA = [30, 50, 120, 200, 300, 500] as const;

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** 12,345: fixed separators, unlike toLocaleString. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function scaleFor(kind: ScaleKind, rng: Rng): Scale {
  switch (kind) {
    case 'percent':
      return { kind, min: 0, max: 100, decimals: 1 };
    case 'fraction':
      return { kind, min: 0, max: 1, decimals: 3 };
    case 'elo':
      return { kind, min: 800, max: 2000, decimals: 0 };
    case 'count':
      return { kind, min: 0, max: rng.pick(COUNT_MAXIMA), decimals: 0 };
    case 'points':
      return { kind, min: 1, max: 10, decimals: 2 };
    case 'olympiad':
      return { kind, min: 0, max: 42, decimals: 0 };
  }
}

/** A raw score at position `p` (0-1) of the scale, rounded as a source would report it. */
export function rawAt(scale: Scale, p: number): number {
  const f = 10 ** scale.decimals;
  const raw = Math.round((scale.min + clamp(p, 0, 1) * (scale.max - scale.min)) * f) / f;
  return clamp(raw, scale.min, scale.max);
}

/** The 0-100 position of a raw score in its scale. */
export function normalizedOf(scale: Scale, raw: number): number {
  return round2(((raw - scale.min) / (scale.max - scale.min)) * 100);
}

function scaleSentence(scale: Scale, items: number): string {
  switch (scale.kind) {
    case 'percent':
      return 'Scores are the percentage of items solved, from 0 to 100.';
    case 'fraction':
      return 'Scores are reported as accuracy between 0 and 1.';
    case 'elo':
      return `Systems are rated on an Elo-style scale from 800 to 2000 using ${formatCount(items)} blind pairwise votes.`;
    case 'count':
      return `The score is the number of the ${formatCount(scale.max)} problems solved at pass@${items % 3 === 0 ? 5 : 1}.`;
    case 'points':
      return 'Answers are graded against a rubric from 1 to 10 and averaged.';
    case 'olympiad':
      return 'Solutions are graded like a competition paper: six problems worth seven points each, 42 in total, averaged over several papers.';
  }
}

/** The benchmarks of a sample of `count`: curated ones first (round-robin by domain), then generated ones. */
function chooseBenches(seedKey: number, count: number): CuratedBench[] {
  if (count <= CURATED_BENCHES.length) {
    const queues = BENCH_DOMAINS.map((d) => CURATED_BENCHES.filter((b) => b.domain === d));
    const out: CuratedBench[] = [];
    for (let round = 0; out.length < count; round++) {
      for (const q of queues) {
        const b = q[round];
        if (b && out.length < count) out.push(b);
      }
    }
    return out;
  }
  const out = [...CURATED_BENCHES];
  const slugs = new Set(out.map((b) => slugify(b.name)));
  const rng = rngFor(seedKey, CHANNEL.benchNames);
  const weights = BENCH_DOMAINS.map((d) => DOMAIN_WEIGHT[d]);
  for (let attempt = 0; out.length < count; attempt++) {
    if (attempt > count * 50) throw new RangeError(`benches: could not generate ${count} distinct names`);
    const domain = BENCH_DOMAINS[rng.weighted(weights)]!;
    const name = `${rng.pick(BENCH_ROOTS)} ${rng.pick(BENCH_NOUNS[domain])} ${rng.pick(BENCH_KINDS)}${rng.pick(BENCH_SUFFIXES)}`;
    const slug = slugify(name);
    if (slugs.has(slug)) continue;
    slugs.add(slug);
    out.push({ name, domain, subject: rng.pick(DOMAIN_SUBJECTS[domain]) });
  }
  return out;
}

/** Tenths of a 1-5 dimension value. */
function dimensionTenths(x: number): number {
  return Math.round(clamp(x, 1, 5) * 10);
}

function makeBench(seedKey: number, index: number, spec: CuratedBench, taxonomy: Taxonomy): BenchDef {
  const key = hashString(spec.name);
  const rng = rngFor(seedKey, CHANNEL.bench, key);
  const slug = slugify(spec.name);
  const kind: ScaleKind = spec.scale ?? (/\bArena\b/.test(spec.name) ? 'elo' : rng.pick(DOMAIN_SCALES[spec.domain]));
  const scale = scaleFor(kind, rng);
  const items = kind === 'count' ? scale.max : rng.pick(ITEM_COUNTS);
  const isOfficial = rng.chance(0.34);
  const difficulty = 0.3 + rng.normal();
  const discrimination = rng.range(0.6, 1.4);

  const base = 3.4 + 0.45 * rng.normal() + (isOfficial ? 0.25 : 0);
  const tenths: Record<Dimension, number> = {
    relevance: dimensionTenths(base + 0.35 * rng.normal()),
    contamination: dimensionTenths(base - 0.2 + 0.5 * rng.normal()),
    discriminability: dimensionTenths(0.5 * base + 0.5 * (1 + 3 * (discrimination - 0.5)) + 0.2 * rng.normal()),
    reproducibility: dimensionTenths(base + (isOfficial ? 0.3 : 0) + 0.4 * rng.normal()),
    difficulty: dimensionTenths(3 + 0.8 * difficulty + 0.25 * rng.normal()),
  };
  let sum = 0;
  for (const d of KNOWN_DIMENSIONS) sum += tenths[d];
  const dimensions = Object.fromEntries(KNOWN_DIMENSIONS.map((d) => [d, tenths[d] / 10])) as Record<Dimension, number>;
  // Mean of five values in tenths, times 20: sum / 10 / 5 * 20.
  const qualityScore = round2(sum * 0.4);

  // Quality x difficulty x headroom, adjusted by the net-upvote share; independent of how many ran it.
  const headroom = 1 - sigmoid(discrimination * (2.5 - difficulty));
  const upShare = rng.range(0.6, 1);
  const raw = 270 * Math.pow(qualityScore / 100, 1.3) * (0.25 + 0.75 * ((dimensions.difficulty - 1) / 4)) * (0.3 + 0.7 * headroom) * upShare;
  // Saturates softly below 100 instead of piling the best benches up at the cap.
  const baseWeight = round2(100 * Math.tanh(raw / 100));
  const popularity = (isOfficial ? 1.6 : 1) * rng.range(0.3, 1);
  const raterCount = Math.round(3 + popularity * rng.range(15, 220));

  const org = rng.pick(BENCH_ORGS);
  const url = isOfficial
    ? rng.chance(0.5)
      ? `https://github.example/${org}/${slug}`
      : `https://${slug}.example.org/`
    : rng.pick([`https://example.org/benchmarks/${slug}`, `https://leaderboards.example.net/${slug}`, `https://mirror.example.com/datasets/${slug}`]);

  const sentences =
    kind === 'elo'
      ? [`${spec.name} ${rng.pick(DESCRIPTION_VERBS)} ${spec.subject}.`, scaleSentence(scale, items * 40)]
      : [
          `${spec.name} ${rng.pick(DESCRIPTION_VERBS)} ${spec.subject}, using ${formatCount(items)} ${rng.pick(DOMAIN_ITEMS[spec.domain])}.`,
          scaleSentence(scale, items),
        ];
  sentences.push(rng.pick(DESCRIPTION_EXTRAS));

  const given = (spec.tags ?? []).flatMap((t) => taxonomy.eligible.get(t) ?? []);
  const tagCount = Math.max(given.length, 1 + rng.weighted([0.3, 0.35, 0.22, 0.13]));
  const tags = pickTags(
    rng,
    taxonomy,
    [
      [spec.domain, 0.85],
      ['any', 0.15],
    ],
    tagCount,
    given,
  );

  return {
    index,
    key,
    slug,
    name: spec.name,
    domain: spec.domain,
    description: sentences.join(' '),
    url,
    isOfficial,
    tags,
    scale,
    difficulty,
    discrimination,
    dimensions,
    qualityScore,
    baseWeight,
    popularity,
    raterCount,
  };
}

export function buildBenches(seedKey: number, count: number, taxonomy: Taxonomy): BenchDef[] {
  return chooseBenches(seedKey, count).map((spec, index) => makeBench(seedKey, index, spec, taxonomy));
}
