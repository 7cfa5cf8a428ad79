/**
 * Which outputs a build makes, for how many models: a pure function of the snapshot's counts
 * (src/site/plan/types.ts), the weight of each kind of output (src/site/plan/weights.ts, a plan
 * weighed by src/site/plan/estimate-site.ts) and the deploy target's limits (src/site/plan/hosts.ts).
 * Like Hugo's `disableKinds` and per-kind `outputs`, what the site emits is data, and nothing links
 * to what it left out (the site's data marks each model with the outputs it has).
 *
 * Every target keeps the leaderboard and its pages, every tag and benchmark page with all their
 * results, the benchmarks and tags lists, changes and its feed, about, the downloads with their
 * schemas and manifest, the ranking by a visitor's weights and its data (`rank.json`, never gzipped:
 * hosts compress it on the wire, and the page reads it whole; its models give way last), every
 * vendor's page and feed, the snapshot file (the state a lost cache restores from), 404, robots, the
 * sitemap and the search index of what is made. What gives way, cheapest value first, always from
 * the bottom of the model ranking up (the models people look up first keep their pages), is the
 * levers of the kinds of output, each in its kind's entry with its place in the order
 * (src/site/plan/output-kinds.ts; LEVERS in src/site/plan/page-kinds.ts, in that order).
 *
 * When even the outputs every target keeps do not fit, the plan says so and the build refuses.
 */
import { estimateSite, type AsMeasured } from './estimate-site.ts';
import { sum } from './kind-figures.ts';
import { LEVERS, type Lever } from './page-kinds.ts';
import type { Everything } from './output-kinds.ts';
import {
  figureOf,
  HOST_LIMITS,
  LIMIT_NAMES,
  MARGIN,
  overLimits,
  withMargin,
  type DeployTarget,
  type HostLimits,
  type LimitName,
  type SiteFigures,
} from './hosts.ts';
import { RESULTS_PER_PAGE, type BuildPlan, type Draft, type FieldCounts, type SitePlan } from './types.ts';
import type { Weights } from './output-kinds.ts';

/**
 * The plan a build handed the render and the extras (src/site/plan/render-input.ts), with each count
 * at most the number of models; everything when there is none (a render outside a build).
 */
export function resolvePlan(given: BuildPlan | undefined, models: number, cardModels: number): BuildPlan {
  // Every day of the history, however many there are.
  const all: BuildPlan = { target: undefined, ...everything({ models, pages: models, cardModels, days: Number.MAX_SAFE_INTEGER }) };
  if (!given) return all;
  // A plan kept by an earlier version may lack a field of today's: it keeps all of that.
  const keep = Object.fromEntries(Object.entries(all.keep).map(([k, v]) => [k, Math.max(0, Math.min(v, given.keep[k as keyof BuildPlan['keep']] ?? v))]));
  const { target, resultsPerPage, compressedDownloads, deepResults } = given;
  return { target, keep: keep as BuildPlan['keep'], resultsPerPage, compressedDownloads, deepResults };
}

/** Everything, as a site with no target (or a bucket) has it; at most `maxModelPages` models with a page (MODEL_PAGES), and what goes with one. */
export function fullPlan(counts: FieldCounts, maxModelPages = Infinity): Draft {
  const models = counts.models.length;
  const days = Math.max(0, counts.history.days - counts.history.alwaysKept);
  return everything({ models, pages: Math.min(models, maxModelPages), cardModels: counts.cardModels, days });
}

/** A plan that leaves nothing out: each lever of the entries where nothing gives way. */
function everything(field: Everything): Draft {
  const draft = { keep: {} } as Draft;
  for (const lever of LEVERS)
    if (lever.by === 'count') draft.keep[lever.name] = lever.all(field);
    else if (lever.by === 'switch') draft[lever.name] = !lever.pulled;
    else draft[lever.name] = RESULTS_PER_PAGE[0];
  return draft;
}

/** The limits of `target` a plan aims under (the margin taken off), as a check of figures. */
function fitsTarget(target: DeployTarget): (f: SiteFigures) => boolean {
  const limits = HOST_LIMITS[target];
  const allowed = Object.fromEntries(LIMIT_NAMES.filter((n) => limits[n]).map((n) => [n, withMargin(limits[n]!)])) as Partial<Record<LimitName, number>>;
  return (f) =>
    (allowed.files === undefined || f.files <= allowed.files) &&
    (allowed.folderEntries === undefined || f.largestFolder.entries <= allowed.folderEntries) &&
    (allowed.fileBytes === undefined || f.largestFile.bytes <= allowed.fileBytes) &&
    (allowed.totalBytes === undefined || f.bytes <= allowed.totalBytes);
}

/** The most k in [lo, hi] for which `ok(k)` holds, where ok is true up to some k and false above it; lo - 1 when none. */
function most(lo: number, hi: number, ok: (k: number) => boolean): number {
  let a = lo - 1;
  let b = hi;
  while (a < b) {
    const mid = Math.ceil((a + b + 1) / 2);
    if (ok(mid)) a = mid;
    else b = mid - 1;
  }
  return a;
}

/**
 * The plan for `target`: everything when there is no target or everything fits; otherwise each lever
 * in turn, cheapest value first, gives way just as far as the site needs to fit.
 */
export function planSite(
  counts: FieldCounts,
  weights: Weights,
  target: DeployTarget | undefined,
  maxModelPages = Infinity,
  asMeasured: AsMeasured = {},
): SitePlan {
  const full = fullPlan(counts, maxModelPages);
  const estimate = (d: Draft) => estimateSite(counts, weights, d, asMeasured);
  if (!target) return { ...full, target, estimate: estimate(full), refused: undefined };
  const making: Making = { full, draft: structuredClone(full), estimate, fits: fitsTarget(target), limits: HOST_LIMITS[target] };
  const levers = LEVERS.map((lever) => leverOn(making, lever));
  // Each lever in turn, cheapest value first, as far as needed; then what the last one pulled made
  // room for goes back to the ones before it, the most valuable first.
  let last = -1;
  levers.forEach((lever, i) => {
    if (done(making)) return;
    lever.pull();
    last = i;
  });
  for (let i = last - 1; i >= 0; i--) levers[i]!.raise();
  const { draft } = making;
  // A comparison needs two models.
  if (draft.keep.comparisons < 2) draft.keep.comparisons = 0;
  const figures = estimate(draft);
  const still = overLimits(target, figures, MARGIN);
  return { ...draft, target, estimate: figures, refused: still.length ? still.join('; ') : undefined };
}

/** A plan while it is made for a target: everything, the draft so far, and how a draft weighs against the target's limits. */
interface Making {
  readonly full: Draft;
  draft: Draft;
  readonly estimate: (d: Draft) => SiteFigures;
  readonly fits: (f: SiteFigures) => boolean;
  readonly limits: HostLimits;
}

/** A lever at work on a plan: `pull` lowers its output as far as the site needs; `raise` gives back what a later lever made room for. */
interface Pulled {
  pull(): void;
  raise(): void;
}

/** Whether the draft so far fits the target. */
const done = (m: Making) => m.fits(m.estimate(m.draft));

/** A copy of the draft so far, changed by `change`. */
function changed(m: Making, change: (d: Draft) => void): Draft {
  const d = structuredClone(m.draft);
  change(d);
  return d;
}

/** Whether the draft so far is over the target's limit `name`: a lever that saves bytes is pulled where bytes bind, one that saves files where files bind. */
function over(m: Making, name: LimitName): boolean {
  return m.limits[name] !== undefined && figureOf[name](m.estimate(m.draft)) > withMargin(m.limits[name]!);
}

/** A lever of an entry at work on the plan being made. */
function leverOn(m: Making, lever: Lever): Pulled {
  switch (lever.by) {
    case 'count':
      return countLever(m, lever.name, lever.tied ?? [], lever.atLeast ?? 0);
    case 'switch': {
      const { name, pulled, binds } = lever;
      return flagLever(
        m,
        (d) => (d[name] = pulled),
        (d) => (d[name] = !pulled),
        binds ? () => over(m, binds) : undefined,
      );
    }
    case 'longer pages':
      return resultsPerPageLever(m, lever.binds);
  }
}

/** The most of keep[key] that fits with the rest of the draft as it is (and every output tied to it no more than it), at least 0. */
function mostOf(m: Making, key: keyof Draft['keep'], top: number, tied: readonly (keyof Draft['keep'])[] = []): number {
  return Math.max(
    0,
    most(0, top, (k) => m.fits(m.estimate(changed(m, (d) => setKeep(d, key, k, tied))))),
  );
}

/** The count a count is tied to, if any: what a model has is capped by the models with a page (days of history are not a model's). */
const tiedTo = (key: keyof Draft['keep']) => LEVERS.find((l) => l.by === 'count' && l.tied?.includes(key))?.name as keyof Draft['keep'] | undefined;

/** A lever of how many of the best models (or days of history) get an output, at least `atLeast`, and what is `tied` to it. */
function countLever(m: Making, key: keyof Draft['keep'], tied: readonly (keyof Draft['keep'])[], atLeast: number): Pulled {
  const owner = tiedTo(key);
  return {
    pull: () => {
      const least = Math.min(atLeast, m.draft.keep[key]);
      if (!done(m)) m.draft = changed(m, (d) => setKeep(d, key, Math.max(least, mostOf(m, key, d.keep[key], tied)), tied));
    },
    raise: () => {
      const top = m.full.keep[key];
      const cap = owner ? Math.min(top, m.draft.keep[owner]) : top;
      m.draft = changed(m, (d) => setKeep(d, key, Math.max(d.keep[key], mostOf(m, key, cap)), []));
    },
  };
}

/** A lever of a switch: `pull` sets it when `when` holds (by default while the draft does not fit), `raise` undoes it where the site fits without it. */
function flagLever(m: Making, pull: (d: Draft) => void, undo: (d: Draft) => void, when: () => boolean = () => !done(m)): Pulled {
  return {
    pull: () => {
      if (when()) m.draft = changed(m, pull);
    },
    raise: () => {
      const undone = changed(m, undo);
      if (m.fits(m.estimate(undone))) m.draft = undone;
    },
  };
}

/** Longer pages of results while the limit `binds` binds; given back down to the shortest that fits. */
function resultsPerPageLever(m: Making, binds: LimitName): Pulled {
  return {
    pull: () => {
      for (const size of RESULTS_PER_PAGE) {
        if (!over(m, binds)) return;
        m.draft = changed(m, (d) => (d.resultsPerPage = size));
      }
    },
    raise: () => {
      for (const size of RESULTS_PER_PAGE) {
        if (size >= m.draft.resultsPerPage) return;
        const shorter = changed(m, (d) => (d.resultsPerPage = size));
        if (m.fits(m.estimate(shorter))) {
          m.draft = shorter;
          return;
        }
      }
    },
  };
}

/** Sets keep[key] to k, and each output tied to it to no more than k. */
function setKeep(d: Draft, key: keyof Draft['keep'], k: number, tied: readonly (keyof Draft['keep'])[]): void {
  d.keep[key] = k;
  for (const t of tied) d.keep[t] = Math.min(d.keep[t], k);
}

/**
 * What a plan leaves out, in words for the build's summary and the about page ("model pages only for
 * the 12,000 best of 34,810 models"); empty when it makes everything. `models` in model rank order.
 */
export function leftOutOf(
  plan: BuildPlan,
  models: readonly { configurations: number }[],
  cardModels: number,
  history: Pick<FieldCounts['history'], 'days' | 'alwaysKept'> = { days: 0, alwaysKept: 0 },
): string[] {
  const n = models.length;
  const count = (k: number) => k.toLocaleString('en-US');
  const configurations = sum(models.map((m) => m.configurations));
  const only = (k: number, what: string) => (k >= n ? undefined : k <= 0 ? `no ${what}` : `${what} only for the ${count(k)} best of ${count(n)} models`);
  const { keep } = plan;
  const out = [
    only(keep.modelPages, 'model pages'),
    keep.configurationPages < n &&
      (keep.configurationPages === 0
        ? 'no configuration pages (each model’s page lists its configurations)'
        : `configuration pages only for those of the ${count(keep.configurationPages)} best models (${count(
            sum(models.slice(0, keep.configurationPages).map((m) => m.configurations)),
          )} of ${count(configurations)})`),
    only(keep.comparisons, 'pre-rendered comparisons'),
    only(keep.modelFeeds, 'model feeds'),
    only(keep.rankModels, 'the ranking by your weights'),
    only(keep.badges, 'rank badges'),
    keep.providerRows < n && `a vendor’s page lists only its ${count(keep.providerRows)} best models (all of them are on the leaderboard)`,
    keep.cards < Math.min(cardModels, n) && only(keep.cards, 'link-preview cards'),
    plan.resultsPerPage > RESULTS_PER_PAGE[0] && `${count(plan.resultsPerPage)} models a page of a benchmark’s or a tag’s results`,
    !plan.deepResults && `a benchmark’s or a tag’s results only for its ${count(plan.resultsPerPage)} best models (every result is in scores.csv)`,
    keep.pastDays < history.days - history.alwaysKept &&
      `days of the leaderboard as it stood older than 90 days only at each month’s end and the oldest day${
        keep.pastDays > 0 ? `, and the newest ${count(keep.pastDays)} of the other ${count(history.days - history.alwaysKept)}` : ''
      }`,
    plan.compressedDownloads && 'scores.csv, history.csv, the models’ data files, the days of history and the ranking’s blocks and parts gzipped (.gz)',
  ];
  return out.filter((x): x is string => typeof x === 'string');
}
