/**
 * A built site's pages as samples for the plan's weights: each page (or each unit of a kind of
 * output) with its bytes and what it shows, counted as the plan counts it (src/site/data/field-counts.ts),
 * so that a fit of these samples is the plan's own model of a page's size.
 */
import { inputOutsideBuild } from '../../site/plan/render-input.ts';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getSiteData, releaseSiteData } from '../../site/data/site-data.ts';
import { fieldCountsOf } from '../../site/data/field-counts.ts';
import { addressFactor } from '../../site/plan/estimate-site.ts';
import { DEFAULT_WEIGHTS } from '../../site/plan/weights.ts';
import { RESULTS_PER_PAGE, type BuildPlan, type FieldCounts } from '../../site/plan/types.ts';
import { resolvePlan } from '../../site/plan/site-plan.ts';
import { TAG_FEED_MODELS } from '../../site/plan/kind-figures.ts';
import { badgeFile, modelDataFile, modelFeedFile, SHARED_FILE_MODELS, sharedModelDataFile, tagFeedFile } from '../../site/links/output-paths.ts';
import { withSnapshot } from '../../store/read-snapshot.ts';
import { OUTPUT_KINDS, weightsKey, type OutputKind, type Weights } from '../../site/plan/output-kinds.ts';
import type { Sample } from './least-squares.ts';

/** The kinds of output fitted page by page, each with its weights' names in the order of a sample's features. */
export const FITTED = {
  modelPage: ['base', 'perConfiguration', 'perScore', 'perBench', 'perCell', 'perTag', 'perHistoryPoint', 'perRecentChange', 'badge', 'feed', 'perComparison'],
  configurationPage: ['base', 'perScore', 'perSibling', 'perTag', 'perHistoryPoint'],
  comparison: ['base', 'perShared'],
  modelFeed: ['base', 'perChange'],
  card: ['base', 'perModel', 'perTag'],
  badge: ['base'],
  modelFile: ['base', 'perScore', 'perConfiguration', 'perHistoryPoint'],
  /** Gzipped files of a hundred models' data: their models, submissions, configurations and points of history (fitWeights weighs them with modelFile's weights first). */
  modelFileGzipped: ['scoresGzipped', 'restGzipped'],
  benchmarkPage: ['perBench', 'perPage', 'perModel', 'perRow'],
  tagPage: ['perTag', 'perPage', 'perBenchedPage', 'perBenchListed', 'carryingTable', 'perCarrying', 'measuredTable', 'perMeasured', 'perFeedModel'],
  leaderboard: ['perPage', 'perTagOption', 'perProviderOption', 'perModel', 'perConfiguration', 'perTag'],
} as const satisfies Partial<Record<keyof Weights | 'modelFileGzipped', readonly string[]>>;

export type FittedKind = keyof typeof FITTED;

/** The kind of output a fitted kind's samples are: the one whose weights it fits (a gzipped group's, the models' data files). */
const outputOf = (kind: FittedKind): OutputKind => OUTPUT_KINDS.find((k) => weightsKey(k) === (kind === 'modelFileGzipped' ? 'modelFile' : kind))!;

/** The address a site was built for, from its leaderboard's canonical link. */
function builtAddress(dist: string): URL {
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))?.[1];
  if (!canonical) throw new Error(`${dist}/index.html has no canonical link`);
  return new URL(canonical.replace(/&amp;/g, '&'));
}

/**
 * Weights measured apart and kept out of the fit: the sections a lever takes out of a model's page
 * (its badge's, its feed's link, a link to a pre-rendered comparison: a page of a site that makes
 * them against the same page of one that does not), what each recent change adds to a model's page
 * and feed (the same in every site the bench builds, a year of history), and a row of a tag's
 * rankings and of its list of benchmarks (the bytes of the rows over their count: nearly every page
 * has a full page of rows, and nearly every tag four or five benchmarks, which a fit cannot tell
 * from the table or list around them), and an option of the leaderboard's filter (the same on every
 * page of a site: the bytes of the filter's options over their count).
 */
export const FIXED: Partial<Record<FittedKind, readonly string[]>> = {
  modelPage: ['perRecentChange', 'badge', 'feed', 'perComparison'],
  modelFeed: ['perChange'],
  tagPage: ['perBenchListed', 'perCarrying', 'perMeasured'],
  leaderboard: ['perTagOption', 'perProviderOption'],
};
export type SiteSamples = Record<FittedKind, Sample[]>;

const size = (dist: string, rel: string) => (existsSync(join(dist, rel)) ? statSync(join(dist, rel)).size : undefined);

/** The pages of a benchmark's or a tag's results past the first (`{folder}/page/N/index.html`). */
const morePages = (dist: string, folder: string) =>
  existsSync(join(dist, folder, 'page')) ? readdirSync(join(dist, folder, 'page')).map((n) => `${folder}/page/${n}/index.html`) : [];

/** The samples of the site built in `dist` from `snapshot` with `plan`, and the field's counts as the plan read them. */
export function pageSamples(
  snapshot: string,
  dist: string,
  plan: BuildPlan | undefined,
  cardModels: number,
  snapshotDb: FieldCounts['snapshotDb'],
): { samples: SiteSamples; counts: FieldCounts } {
  const counts = withSnapshot(snapshot, (reader) => fieldCountsOf(reader, cardModels, snapshotDb, builtAddress(dist)));
  const data = getSiteData(inputOutsideBuild(snapshot, process.env, plan), { configurationSeries: false });
  const resolved = resolvePlan(plan, counts.models.length, cardModels);
  const samples = Object.fromEntries(Object.keys(FITTED).map((k) => [k, [] as Sample[]])) as SiteSamples;
  try {
    if (data.models.length !== counts.models.length)
      throw new Error(`${snapshot}: the site has ${data.models.length} models, the plan's counts ${counts.models.length}`);
    const { deepResults, resultsPerPage } = resolved;
    const firstOf = RESULTS_PER_PAGE.indexOf(resultsPerPage as (typeof RESULTS_PER_PAGE)[number]);
    for (const model of data.models) {
      const m = counts.models[model.index]!;
      if (m.configurations !== model.configurations.length) throw new Error(`${snapshot}: model ${model.familyTag} is not the plan's model ${model.index}`);
      const { above, below } = data.neighboursOf(model);
      const page = size(dist, `models/${model.segment}/index.html`);
      if (page !== undefined)
        samples.modelPage.push({
          bytes: page,
          x: [
            1,
            m.configurations,
            m.scores,
            m.benches,
            m.benches * m.configurations,
            m.configurationTags,
            m.historyPoints,
            counts.recentChanges,
            Number(model.outputs.badge),
            Number(model.outputs.feed),
            Number(above !== undefined) + Number(below !== undefined),
          ],
        });
      if (model.outputs.configurationPages) {
        const bytes = model.configurations.reduce((n, c) => n + (size(dist, `configurations/${c.segment}/index.html`) ?? 0), 0);
        const siblings = m.configurations > 1 ? m.configurations ** 2 : 0;
        samples.configurationPage.push({ bytes, x: [m.configurations, m.scores, siblings, m.configurationTags, m.configurationHistoryPoints] });
      }
      if (below) {
        const bytes = size(dist, `compare/${below.segment}/index.html`);
        if (bytes !== undefined) samples.comparison.push({ bytes, x: [1, m.sharedWithNext] });
      }
      const feed = size(dist, modelFeedFile(model));
      if (feed !== undefined) samples.modelFeed.push({ bytes: feed, x: [1, counts.recentChanges] });
      const badge = size(dist, badgeFile(model, 'svg'));
      if (badge !== undefined) samples.badge.push({ bytes: badge + (size(dist, badgeFile(model, 'json')) ?? 0), x: [1] });
      const file = size(dist, modelDataFile(model));
      if (file !== undefined) samples.modelFile.push({ bytes: file, x: [1, m.bestScores, m.configurations, m.historyPoints] });
    }
    // A gzipped file of a hundred models' data (where the plan gzips them, every model's is in one).
    if (resolved.compressedDownloads)
      for (let g = 0; g * SHARED_FILE_MODELS < counts.models.length; g++) {
        const models = counts.models.slice(g * SHARED_FILE_MODELS, (g + 1) * SHARED_FILE_MODELS);
        const bytes = size(dist, `${sharedModelDataFile(g + 1)}.gz`);
        const sum = (f: (m: (typeof models)[number]) => number) => models.reduce((n, m) => n + f(m), 0);
        if (bytes !== undefined)
          samples.modelFileGzipped.push({ bytes, x: [models.length, sum((m) => m.bestScores), sum((m) => m.configurations), sum((m) => m.historyPoints)] });
      }
    // A sample per card of a model or a tag, and one of the site's own (og/*.png and the list of cards).
    const og = (folder: string) => (existsSync(join(dist, 'og', folder)) ? readdirSync(join(dist, 'og', folder)) : []);
    for (const name of og('models')) samples.card.push({ bytes: size(dist, `og/models/${name}`)!, x: [0, 1, 0] });
    for (const name of og('tags')) samples.card.push({ bytes: size(dist, `og/tags/${name}`)!, x: [0, 0, 1] });
    const own = og('').filter((name) => !['models', 'tags'].includes(name));
    if (own.length) samples.card.push({ bytes: own.reduce((n, name) => n + (size(dist, `og/${name}`) ?? 0), 0), x: [1, 0, 0] });
    for (const bench of data.benches) {
      const folder = `benchmarks/${bench.segment}`;
      const files = [`${folder}/index.html`, ...morePages(dist, folder)];
      const r = counts.benchResults.get(bench.slug) ?? { models: 0, rows: 0, firstRows: RESULTS_PER_PAGE.map(() => 0) };
      const groups = deepResults ? r.models : Math.min(r.models, resultsPerPage);
      const rows = deepResults || firstOf < 0 ? r.rows : r.firstRows[firstOf]!;
      samples.benchmarkPage.push({ bytes: files.reduce((n, f) => n + (size(dist, f) ?? 0), 0), x: [1, files.length, groups, rows] });
    }
    // A sample per page of a tag (its part of each ranking) and one for its feed.
    for (const tag of data.tags) {
      const folder = `tags/${tag.segment}`;
      const pages = [`${folder}/index.html`, ...morePages(dist, folder)];
      const t = counts.tagLists.get(tag.tag) ?? { carrying: 0, measured: 0, benches: 0, scores: 0 };
      const onPage = (n: number, p: number) => Math.max(0, Math.min(n - (p - 1) * resultsPerPage, resultsPerPage));
      pages.forEach((path, i) => {
        const carrying = onPage(t.carrying, i + 1);
        const measured = onPage(t.measured, i + 1);
        const benched = Number(t.benches > 0);
        const x = [0, 1, benched, t.benches, Math.min(1, carrying), carrying, Math.min(1, measured), measured, 0];
        samples.tagPage.push({ bytes: size(dist, path) ?? 0, x });
      });
      const feed = size(dist, tagFeedFile(tag));
      if (feed !== undefined) samples.tagPage.push({ bytes: feed, x: [1, 0, 0, 0, 0, 0, 0, 0, counts.recentChanges * Math.min(t.carrying, TAG_FEED_MODELS)] });
    }
    let tagOptions = 0;
    for (const t of counts.tagLists.values()) if (t.carrying > 0) tagOptions++;
    for (let p = 1; (p - 1) * 100 < Math.max(1, counts.models.length); p++) {
      const bytes = size(dist, p === 1 ? 'index.html' : `leaderboard/${p}/index.html`);
      if (bytes === undefined) continue;
      const shown = counts.models.slice((p - 1) * 100, p * 100);
      const listed = shown.reduce((n, m) => n + (m.configurations > 1 ? m.configurations : 0), 0);
      const tagsShown = shown.reduce((n, m) => n + m.tagsShown, 0);
      samples.leaderboard.push({ bytes, x: [1, tagOptions, counts.providers, shown.length, listed, tagsShown] });
    }
  } finally {
    releaseSiteData();
  }
  // Each page as it would weigh at the address the weights are fitted at (Weights.address, measured apart).
  for (const kind of Object.keys(samples) as FittedKind[]) {
    const factor = addressFactor(counts.address, DEFAULT_WEIGHTS.address[outputOf(kind)]);
    samples[kind] = samples[kind].map((s) => ({ ...s, bytes: s.bytes / factor }));
  }
  return { samples, counts };
}
