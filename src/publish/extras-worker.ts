/**
 * The child process of extras.ts: writes history.csv from the snapshots of its window, then reads
 * the snapshot as the pages do (getSiteData), writes every model's badges, feed and data file,
 * every tag's feed and scores.csv (both CSVs in parts past 20 MB), sends the build the site's
 * search records, then gives the data back and renders the cards whose inputs changed since the
 * previous build (reusing the others), and ends. Pagefind runs from the build's own process (see
 * extras.ts), so that the worker's memory is gone before the index takes its own. Ends itself when
 * its parent goes.
 */
import type { RenderInput } from '../site/plan/render-input.ts';
import { badgeEndpoint, badgeFacts, badgeSvg } from '../site/files/badges.ts';
import { cardsOf } from '../site/files/cards.ts';
import { modelFeed, providerFeed, tagFeed } from '../site/files/feed.ts';
import { providersOf } from '../site/data/providers.ts';
import { gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { historyCsvParts, scoresCsvParts } from '../site/files/downloads.ts';
import { attribution as downloadAttribution } from '../site/files/records.ts';
import { historyDayBody, historyIndexBody, historyNamesBody } from '../site/files/history-files.ts';
import { historyDayFile, historyIndexFile, historyNamesFile, type Day } from '../site/lists/past-files.ts';
import { HISTORY_DAYS } from '../site/links/output-paths.ts';
import { modelFile, sharedModelFile } from '../site/files/model-file.ts';
import {
  CSV_PART_BYTES,
  SHARED_FILE_MODELS,
  badgeFile,
  csvPartFile,
  modelDataPath,
  modelFeedFile,
  providerFeedFile,
  tagFeedFile,
  type PartedCsv,
} from '../site/links/output-paths.ts';
import { searchRecords, type SearchRecord } from '../site/files/search-records.ts';
import { getSiteData, readRecentHistory, releaseSiteData, type Model, type SiteData } from '../site/data/site-data.ts';
import { fontMeasure } from '../site/files/font-metrics.ts';
import { createCardRenderer, FONT_FILES, rendererVersion } from './cards/render-card.ts';
import {
  CARD_MANIFEST,
  lowerPriority,
  PROGRESS_EVERY_MS,
  readCardManifest,
  type CardManifest,
  type ExtrasRequest,
  type WorkerMessage,
  type WorkerProgress,
  type WorkerReport,
} from './extras.ts';
import { reuseInto, writeInside } from './write-inside.ts';
import { ownPeakKb } from './process-peak.ts';

const cpuMs = (since?: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
};

/** Whether the plan gzips the large downloads. */
const gzipped = (input: RenderInput) => input.plan?.compressedDownloads === true;

/** The most a gzipped part holds uncompressed: CSV of this kind gzips 5 to 8 times, so a part stays under CSV_PART_BYTES. */
const GZIP_PART_RAW_BYTES = 4 * CSV_PART_BYTES;

/**
 * Writes a CSV download in its parts, each as it is made, gzipped where the deploy target's plan
 * asks for it: then in parts of at most GZIP_PART_RAW_BYTES of CSV, half that again while one would
 * still gzip past CSV_PART_BYTES (a smaller part size makes at least as many parts, so a retry
 * writes over every part the one before it wrote).
 */
function writeParts(staging: string, gzipped: boolean, file: PartedCsv, partsOf: (maxBytes: number) => Iterable<Buffer>): number {
  for (let raw = gzipped ? GZIP_PART_RAW_BYTES : CSV_PART_BYTES; ; raw = Math.floor(raw / 2)) {
    let written = 0;
    let fits = true;
    for (const part of partsOf(raw)) {
      const body = gzipped ? gzipSync(part, { level: 9 }) : part;
      writeInside(staging, csvPartFile(file, ++written, gzipped), body);
      fits = raw <= CSV_PART_BYTES || body.length <= CSV_PART_BYTES;
      if (!fits) break;
    }
    if (fits) return written;
  }
}

/**
 * history.csv, from the snapshots of its window alone, before the site's data is loaded: at 50,000
 * configurations making it takes a few hundred megabytes more for a moment, and the render is still
 * small then (it grows as it renders).
 */
const writeHistoryCsv = (staging: string, input: RenderInput) => {
  const history = readRecentHistory(HISTORY_DAYS, input.snapshot);
  return writeParts(staging, gzipped(input), 'history.csv', (maxBytes) => historyCsvParts(history, input.site.attributionUrl, maxBytes));
};

/**
 * The files of the leaderboard as it stood (`/data/history/`): the names table, a file per day kept
 * (read from the snapshot a day at a time), then the index of the days written; gzipped where the
 * plan gzips the large downloads. Returns how many files it wrote.
 */
function writeHistoryFiles(staging: string, data: SiteData): number {
  const gzipped = data.plan.compressedDownloads;
  let files = 0;
  const write = (path: string, body: unknown) => {
    const text = JSON.stringify(body);
    writeInside(staging, `data/${path}`, path.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
    files++;
  };
  const { names, days } = data.past.files();
  write(historyNamesFile(gzipped), historyNamesBody(data, names));
  const written = new Set<Day>();
  for (const { day, file } of days) {
    write(historyDayFile(day.date, gzipped), historyDayBody(data, day, file));
    written.add(day.date);
  }
  write(historyIndexFile(), historyIndexBody(data, written));
  return files;
}

/**
 * Everything that needs the site's data: badges, feeds, model files, scores.csv, and the inputs of
 * the cards and of the search index. What it returns is small; the data goes out of scope with it.
 */
function writeFromData(staging: string, input: RenderInput) {
  // Nothing here draws a configuration's chart: its series are left out (96 MB at 50,000).
  const data = getSiteData(input, { configurationSeries: false });
  const attribution = data.site;
  const { generatedAt } = data.snapshot;
  const measure = fontMeasure(FONT_FILES.regular);
  const fileAttribution = downloadAttribution(data);
  const csvParts = writeParts(staging, gzipped(input), 'scores.csv', (maxBytes) => scoresCsvParts(data, maxBytes));
  const historyFiles = writeHistoryFiles(staging, data);
  // A data file under /data/, gzipped where the plan says (its path then ends in .gz).
  const writeDataFile = (path: string, body: unknown) => {
    const text = JSON.stringify(body);
    writeInside(staging, `data/${path}`, path.endsWith('.gz') ? gzipSync(text, { level: 9 }) : text);
  };
  let badges = 0;
  let feeds = 0;
  const shared: Model[] = [];
  for (const model of data.models) {
    const facts = badgeFacts(data, model);
    if (model.outputs.badge) {
      writeInside(staging, badgeFile(model, 'svg'), badgeSvg(facts, measure, attribution));
      writeInside(staging, badgeFile(model, 'json'), `${JSON.stringify(badgeEndpoint(facts))}\n`);
      badges++;
    }
    if (model.outputs.feed) {
      writeInside(staging, modelFeedFile(model), modelFeed(model, data.recentChangesFor(model.familyTag), generatedAt, attribution));
      feeds++;
    }
    if (model.outputs.ownDataFile) writeDataFile(modelDataPath(model, data.plan), modelFile(data, model, fileAttribution));
    else shared.push(model);
  }
  // The models without a page share data files, SHARED_FILE_MODELS of them a file, in model rank order.
  const groups = Math.ceil(shared.length / SHARED_FILE_MODELS);
  for (let g = 0; g < groups; g++) {
    const models = shared.slice(g * SHARED_FILE_MODELS, (g + 1) * SHARED_FILE_MODELS);
    writeDataFile(modelDataPath(models[0]!, data.plan), sharedModelFile(data, models, fileAttribution));
  }
  for (const tag of data.tags) {
    const models = tag.modelList.map((m) => m.model);
    writeInside(staging, tagFeedFile(tag), tagFeed({ ...tag, models }, data.changes, data.recentChangesFor, generatedAt, attribution));
  }
  const { providers } = providersOf(data);
  for (const provider of providers)
    writeInside(staging, providerFeedFile(provider), providerFeed(provider, data.changes, data.recentChangesFor, generatedAt, attribution));
  return {
    cards: cardsOf(data),
    records: [...searchRecords(data)] as SearchRecord[] | undefined,
    badges,
    feeds: feeds + data.tags.length + providers.length,
    dataFiles: data.models.length - shared.length + groups + csvParts + historyFiles,
  };
}

/**
 * Below this heap, giveBack has nothing to give: on the 12-configuration fixture its heap was 21 MB,
 * which its six collections left at 21 MB for 150 ms of CPU, a tenth of the worker's.
 */
const GIVE_BACK_FROM_BYTES = 64 * 1024 * 1024;

/**
 * Full collections, where the process was started with --expose-gc: the first frees the data, the
 * next ones (after V8 has released the buffers it held) shrink the heap, 320 MB to 170 MB at 10,000
 * configurations. None when the heap is small.
 */
async function giveBack(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (process.memoryUsage().heapUsed < GIVE_BACK_FROM_BYTES) return;
  for (let i = 0; gc && i < 3; i++) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * MIRROR_TEST_CARD_CACHE (set by the tests only: docs/configuration.md): a folder the builds of one test run share the
 * cards they render in, under the renderer's version and by each card's file, whose name is a hash of its inputs
 * (cardFile). A build there takes a card another build of the run rendered from the same inputs, where it would render
 * it again: the tests build the same fixtures many times. A copy, not a link, so that a test that damages a site
 * damages nothing another build takes.
 */
function testCardCache(renderer: string): string | undefined {
  const root = process.env.MIRROR_TEST_CARD_CACHE;
  return root ? join(root, renderer) : undefined;
}

function copyFromCache(cache: string, staging: string, file: string): boolean {
  const from = join(cache, file);
  if (!existsSync(from)) return false;
  writeInside(staging, file, readFileSync(from));
  return true;
}

/** Into the cache by a rename, so that a build beside this one reads a card whole or not at all. */
function keepInCache(cache: string, file: string, png: Uint8Array): void {
  const target = join(cache, file);
  const temporary = `${target}.tmp-${process.pid}`;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(temporary, png);
  renameSync(temporary, target);
}

/**
 * Lets the event loop turn between cards, where resvg's native images are released: a loop of
 * promises alone never lets it, and the worker grew to 2.6 GB at 10,000 configurations.
 */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Sends `message` to the build, settling once it is on its way. */
const send = (message: WorkerMessage) => new Promise<void>((resolve, reject) => process.send!(message, (err: Error | null) => (err ? reject(err) : resolve())));

/** Tells the build how far this process is; nothing waits for it. */
const tell = (progress: WorkerProgress) => process.send!({ progress } satisfies WorkerMessage);

async function run({ staging, previous, input }: ExtrasRequest): Promise<WorkerReport> {
  const started = performance.now();
  tell({ phase: 'history.csv' });
  const historyParts = writeHistoryCsv(staging, input);
  await giveBack();
  tell({ phase: "loading the site's data, then badges, feeds and data files" });
  const written = writeFromData(staging, input);
  // The build indexes them (Pagefind, in its own process) once this process has ended or the
  // render has: the two never hold their memory at once.
  await send({ records: written.records! });
  written.records = undefined;
  // The Astro render holds the same data until its last page: this process gives its copy back
  // before the cards, which is where the build's memory peaked (two copies and the cards).
  releaseSiteData();
  await giveBack();
  // Astro's render is the build's longest path: the cards take the CPU it leaves. The data phase
  // before ran at the render's priority, so that the two copies of the data overlap briefly.
  lowerPriority();

  const cardsStarted = process.cpuUsage();
  const { cards } = written;
  const renderer = rendererVersion();
  const before = readCardManifest(previous);
  const reusable = before?.renderer === renderer;
  const render = createCardRenderer();
  const cache = testCardCache(renderer);
  let reused = 0;
  let cached = 0;
  let toldAt = performance.now();
  tell({ phase: 'cards', done: 0, total: cards.length });
  for (const [i, card] of cards.entries()) {
    await yieldToIo();
    if (reusable && reuseInto(previous, staging, card.file)) reused++;
    else if (cache && copyFromCache(cache, staging, card.file)) cached++;
    else {
      const png = await render.png(card.input);
      writeInside(staging, card.file, png);
      if (cache) keepInCache(cache, card.file, png);
    }
    if (performance.now() - toldAt >= PROGRESS_EVERY_MS || Math.floor(((i + 1) * 10) / cards.length) > Math.floor((i * 10) / cards.length)) {
      tell({ phase: 'cards', done: i + 1, total: cards.length });
      toldAt = performance.now();
    }
  }
  const manifest: CardManifest = { renderer, files: cards.map((c) => c.file) };
  writeInside(staging, CARD_MANIFEST, `${JSON.stringify(manifest)}\n`);

  return {
    cards: cards.length,
    rendered: cards.length - reused - cached,
    reused,
    cached,
    badges: written.badges,
    feeds: written.feeds,
    dataFiles: written.dataFiles + historyParts,
    cardCpuMs: cpuMs(cardsStarted),
    workerCpuMs: cpuMs(),
    workerPeakKb: ownPeakKb(),
    ms: performance.now() - started,
  };
}

// The build that started this process may be killed: then there is nothing to finish.
process.on('disconnect', () => process.exit(0));
process.once('message', (request: ExtrasRequest) => {
  run(request).then(
    (report) => send({ report }).then(() => process.exit(0)),
    (err: unknown) => send({ error: String((err as Error)?.stack ?? err) }).finally(() => process.exit(1)),
  );
});
