/**
 * The plan's weights fitted on built sites (`npm run fit-weights`): each page's bytes against what it
 * shows, pooled over the sites given (sizes, with and without details, targets that keep different
 * outputs), by least squares; then each site's kinds of output estimated with the fitted weights and
 * with DEFAULT_WEIGHTS beside what it measured. A page that shows something new changes its weights:
 * this prints the ones to put in each kind's entry (src/site/plan/output-kinds.ts).
 */
import { measureSite } from '../../publish/site-figures.ts';
import { builtPlanOf } from '../../publish/build-plan.ts';
import { OUTPUT_KINDS, type KindFigures, type OutputKind, type Weights } from '../../site/plan/output-kinds.ts';
import { DEFAULT_WEIGHTS } from '../../site/plan/weights.ts';
import { estimateKinds } from '../../site/plan/estimate-site.ts';
import { resolvePlan } from '../../site/plan/site-plan.ts';
import type { FieldCounts } from '../../site/plan/types.ts';
import { mb } from '../../site/plan/hosts.ts';
import { markdownTable } from '../bench/report.ts';
import { leastSquares, type Sample } from './least-squares.ts';
import { FITTED, FIXED, pageSamples, type FittedKind } from './page-samples.ts';

export interface BuiltSite {
  snapshot: string;
  dist: string;
}

/** Each fitted kind's samples against the fitted weights: how far a page's bytes are from its estimate. */
export interface PageError {
  kind: FittedKind;
  samples: number;
  /** Relative error (measured / estimate - 1) of the 1st, 50th and 99th percentile page. */
  p1: number;
  p50: number;
  p99: number;
}

export interface SiteFit {
  site: BuiltSite;
  measured: KindFigures;
  /** Estimated with DEFAULT_WEIGHTS, and with the fitted weights, for the plan the site was built with. */
  before: KindFigures;
  after: KindFigures;
}

export interface FitResult {
  weights: Weights;
  pages: PageError[];
  sites: SiteFit[];
}

const dot = (x: readonly number[], c: readonly number[]) => x.reduce((sum, v, i) => sum + v * c[i]!, 0);

/** Rounds a fitted weight to what a page can tell: three significant digits. */
const round = (v: number) => (v === 0 ? 0 : Number(v.toPrecision(3)));

export function fitWeights(sites: readonly BuiltSite[], cardModels: number): FitResult {
  const pooled = Object.fromEntries(Object.keys(FITTED).map((k) => [k, [] as Sample[]])) as Record<FittedKind, Sample[]>;
  const read: { site: BuiltSite; counts: FieldCounts; plan: ReturnType<typeof resolvePlan>; measured: KindFigures }[] = [];
  for (const site of sites) {
    const built = builtPlanOf(site.dist);
    if (!built) throw new Error(`${site.dist}: no plan beside it (a site built before its build kept one); build it again with npm run build`);
    const measured = measureSite(site.dist).kinds;
    const { samples, counts } = pageSamples(site.snapshot, site.dist, built, cardModels, measured['snapshot-db']);
    for (const kind of Object.keys(FITTED) as FittedKind[]) pooled[kind].push(...samples[kind]);
    read.push({ site, counts, plan: resolvePlan(built, counts.models.length, counts.cardModels), measured });
  }
  const weights = structuredClone(DEFAULT_WEIGHTS);
  const pages: PageError[] = [];
  for (const kind of Object.keys(FITTED) as FittedKind[]) {
    const names = FITTED[kind];
    let samples = pooled[kind];
    if (samples.length === 0) continue;
    const into = kind === 'modelFileGzipped' ? 'modelFile' : kind;
    // A gzipped file's parts as its models' data weighs them ungzipped (modelFile is fitted first): what gzip leaves of each.
    if (kind === 'modelFileGzipped') {
      const mf = weights.modelFile;
      samples = samples.map(({ bytes, x: [k, scores, configurations, points] }) => ({
        bytes,
        x: [mf.perScore * scores!, mf.base * k! + mf.perConfiguration * configurations! + mf.perHistoryPoint * points!],
      }));
    }
    const fitted = leastSquares(samples, names, DEFAULT_WEIGHTS[into] as Record<string, number>, FIXED[kind]);
    const c = names.map((n) => round(fitted[n]!));
    Object.assign(weights[into], Object.fromEntries(names.map((n, i) => [n, c[i]!])));
    const errors = samples.map((s) => s.bytes / dot(s.x, c) - 1).sort((a, b) => a - b);
    const at = (q: number) => errors[Math.min(errors.length - 1, Math.floor(q * errors.length))]!;
    pages.push({ kind, samples: samples.length, p1: at(0.01), p50: at(0.5), p99: at(0.99) });
  }
  return {
    weights,
    pages,
    sites: read.map(({ site, counts, plan, measured }) => ({
      site,
      measured,
      before: estimateKinds(counts, DEFAULT_WEIGHTS, plan),
      after: estimateKinds(counts, weights, plan),
    })),
  };
}

const ratio = (measured: number, estimate: number) => (estimate > 0 ? (measured / estimate).toFixed(3) : '');
const percent = (v: number) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} %`;

export function fitReport(fit: FitResult): string {
  const lines = [
    '# The plan’s weights fitted on built sites',
    '',
    'Each page against its estimate with the fitted weights (measured / estimate - 1):',
    '',
    markdownTable(
      ['kind', 'samples', '1st percentile', 'median', '99th percentile'],
      fit.pages.map((p) => [p.kind, p.samples.toLocaleString('en-US'), percent(p.p1), percent(p.p50), percent(p.p99)]),
      ['l', 'r', 'r', 'r', 'r'],
    ),
  ];
  for (const s of fit.sites) {
    const total = (k: KindFigures) => OUTPUT_KINDS.reduce((n, kind) => n + k[kind].bytes, 0);
    const row = (kind: OutputKind | 'whole site', m: number, b: number, a: number) => [kind, mb(m), mb(b), ratio(m, b), mb(a), ratio(m, a)];
    lines.push(
      '',
      `${s.site.dist} (${s.site.snapshot}), each kind of output against the plan it was built with:`,
      '',
      markdownTable(
        ['kind of output', 'measured', 'DEFAULT_WEIGHTS', 'measured / estimate', 'fitted', 'measured / estimate'],
        [
          ...OUTPUT_KINDS.map((kind) => row(kind, s.measured[kind].bytes, s.before[kind].bytes, s.after[kind].bytes)),
          row('whole site', total(s.measured), total(s.before), total(s.after)),
        ],
        ['l', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
  }
  lines.push('', 'The fitted weights (each kind’s entry in src/site/plan/output-kinds.ts):', '', '```json', JSON.stringify(fit.weights, null, 2), '```');
  return lines.join('\n');
}
