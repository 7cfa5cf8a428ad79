/**
 * The child process of extras.ts: reads the snapshot as the pages do (getSiteData), has Pagefind
 * index the site's search records, writes every model's badges, feed and data file, every tag's
 * feed, history.csv and scores.csv (in parts past 20 MB), and renders the cards whose inputs changed since the previous build, reusing the others. Ends itself
 * when its parent goes.
 */
import { badgeEndpoint, badgeSvg, type BadgeFacts } from '../site/badges.ts';
import { cardsOf } from '../site/cards.ts';
import { SITE } from '../site/config.ts';
import { modelFeed, tagFeed } from '../site/feed.ts';
import { attribution as downloadAttribution, historyCsvParts, scoresCsvParts } from '../site/downloads.ts';
import { modelFile } from '../site/model-file.ts';
import { badgeFile, csvPartFile, modelDataFile, modelFeedFile, tagFeedFile, type PartedCsv } from '../site/outputs.ts';
import { searchRecords } from '../site/search-records.ts';
import { getSiteData } from '../site/site-data.ts';
import { fontMeasure } from './cards/font-metrics.ts';
import { createCardRenderer, FONT_FILES, rendererVersion } from './cards/render-card.ts';
import { indexForSearch } from './search-index.ts';
import { CARD_MANIFEST, readCardManifest, reuseInto, writeInside, type CardManifest, type ExtrasReport, type ExtrasRequest } from './extras.ts';
import { ownPeakKb } from './process-peak.ts';

/** Lets the event loop read Pagefind's answers between pieces of this process's own work. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

async function run({ staging, previous }: ExtrasRequest): Promise<ExtrasReport> {
  const started = performance.now();
  const data = getSiteData();
  const attribution = { name: SITE.attributionName, url: SITE.attributionUrl };
  const { generatedAt, sample } = data.snapshot;
  // Pagefind indexes in its own process; it writes its files while this one writes and draws.
  const searchStarted = performance.now();
  const search = await indexForSearch(staging, [...searchRecords(data)], previous);
  let searchMs = 0;
  let searchPeakKb = 0;
  const searchWritten = search.written.then((w) => {
    searchMs = performance.now() - searchStarted;
    searchPeakKb = w.peakKb;
  });
  searchWritten.catch(() => {});

  const measure = fontMeasure(FONT_FILES.regular);
  const fileAttribution = downloadAttribution(data);
  for (const [i, model] of data.models.entries()) {
    if (i % 500 === 499) await yieldToIo();
    const facts: BadgeFacts = {
      name: model.name,
      rankText: model.rankText,
      rank: model.rank,
      of: data.models.length,
      scoreText: model.best.scoreText,
      generatedAt,
      sample,
    };
    writeInside(staging, badgeFile(model, 'svg'), badgeSvg(facts, measure, attribution));
    writeInside(staging, badgeFile(model, 'json'), `${JSON.stringify(badgeEndpoint(facts))}\n`);
    writeInside(staging, modelFeedFile(model), modelFeed(model, data.recentChangesFor(model.familyTag), generatedAt, attribution));
    writeInside(staging, modelDataFile(model), JSON.stringify(modelFile(data, model, fileAttribution)));
  }
  let csvParts = 0;
  const writeParts = (file: PartedCsv, parts: Buffer[]) => {
    parts.forEach((part, i) => writeInside(staging, csvPartFile(file, i + 1), part));
    csvParts += parts.length;
  };
  writeParts('history.csv', historyCsvParts(data));
  writeParts('scores.csv', scoresCsvParts(data));
  for (const tag of data.tags) {
    const models = tag.modelList.map((m) => m.model);
    writeInside(staging, tagFeedFile(tag), tagFeed({ ...tag, models }, data.changes, data.recentChangesFor, generatedAt, attribution));
  }

  const cardsStarted = process.cpuUsage();
  const cards = cardsOf(data);
  const renderer = rendererVersion();
  const before = readCardManifest(previous);
  const reusable = before?.renderer === renderer;
  const render = createCardRenderer();
  let reused = 0;
  for (const card of cards) {
    await yieldToIo();
    if (reusable && reuseInto(previous, staging, card.file)) reused++;
    else writeInside(staging, card.file, await render.png(card.input));
  }
  const manifest: CardManifest = { renderer, files: cards.map((c) => c.file) };
  writeInside(staging, CARD_MANIFEST, `${JSON.stringify(manifest)}\n`);
  await searchWritten;

  return {
    searchPages: search.pages,
    searchReused: search.reused,
    searchMs,
    cards: cards.length,
    rendered: cards.length - reused,
    reused,
    badges: data.models.length,
    feeds: data.models.length + data.tags.length,
    dataFiles: data.models.length + csvParts,
    cardCpuMs: cpuMs(cardsStarted),
    workerCpuMs: cpuMs(),
    workerPeakKb: ownPeakKb(),
    searchPeakKb,
    ms: performance.now() - started,
  };
}

// The build that started this process may be killed: then there is nothing to finish.
process.on('disconnect', () => process.exit(0));
process.once('message', (request: ExtrasRequest) => {
  run(request).then(
    (report) => process.send!({ report }, () => process.exit(0)),
    (err: unknown) => process.send!({ error: String((err as Error)?.stack ?? err) }, () => process.exit(1)),
  );
});
