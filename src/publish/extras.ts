/**
 * The files the publish step writes beside Astro's pages: link-preview cards (PNG), rank badges
 * (SVG and shields.io JSON), the Atom feeds of every model and tag, every model's data file,
 * history.csv and scores.csv, and the search index. They are made in a child process
 * (extras-worker.ts) while Astro renders on the other core, into a folder of the work folder, then
 * moved into the new site. The search index is made from the records the worker sends, by
 * Pagefind in its own process, driven from this one: beside the render once the worker has ended
 * when the index is small, else after the render.
 */
import type { RenderInput } from '../site/plan/render-input.ts';
import { fork } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProgressState } from '../core/reporter.ts';
import { childEnv } from './child-env.ts';
import { indexForSearch, stopIndexing, type SearchProgress } from './search-index.ts';
import type { SearchRecord } from '../site/files/search-records.ts';

export interface ExtrasRequest {
  /** Where the worker writes, laid out as `dist/` is. */
  staging: string;
  /** The site being replaced, whose cards may be reused. */
  previous: string;
  /** What the build renders: the snapshot and the plan (the render's own input). */
  input: RenderInput;
}

/** What the worker did, in its last message. */
export interface WorkerReport {
  cards: number;
  rendered: number;
  /** From the previous build's site. */
  reused: number;
  /** From MIRROR_TEST_CARD_CACHE, which only the tests set (extras-worker.ts). */
  cached: number;
  badges: number;
  feeds: number;
  /** The per-model data files, history.csv and the parts of scores.csv. */
  dataFiles: number;
  /** CPU time of rendering the cards, and of the whole worker (start-up and data load included). */
  cardCpuMs: number;
  workerCpuMs: number;
  /** The worker's peak resident memory (it holds the site's data a second time). */
  workerPeakKb: number;
  ms: number;
}

/** How far the worker is: a phase, and in the cards' phase the cards made (drawn or reused) of all. */
export interface WorkerProgress {
  phase: 'history.csv' | "loading the site's data, then badges, feeds and data files" | 'cards';
  done?: number;
  total?: number;
}

/** The worker tells its progress at each tenth of the cards, and at least this often while it draws them. */
export const PROGRESS_EVERY_MS = 500;

/** The worker's messages: how far it is, its search records once it has the site's data, then its report or its error. */
export type WorkerMessage = { progress: WorkerProgress } | { records: SearchRecord[] } | { report: WorkerReport } | { error: string };

/**
 * The extras' line once the render has ended: the cards made of all (what the worker spends longest
 * on), the worker's phase before them, and the search index's.
 */
export function extrasProgress(worker: WorkerProgress | undefined, search: SearchProgress | undefined): ProgressState {
  const cards = worker?.phase === 'cards' ? worker : undefined;
  const searching = search && `search index: ${search.phase}`;
  return {
    done: cards?.done,
    total: cards?.total,
    unit: 'cards',
    phase: [cards ? undefined : worker?.phase, searching].filter(Boolean).join('; ') || undefined,
    detail: search?.phase === 'indexing' ? `${search.done.toLocaleString('en-US')} of ${search.total.toLocaleString('en-US')} records` : undefined,
  };
}

export interface SearchReport {
  /** Records in the search index, and the time from starting Pagefind to its files written. */
  searchPages: number;
  searchMs: number;
  /** True when the previous build's index was made from the same records, and taken. */
  searchReused: boolean;
  /** True when Pagefind started before the Astro render had ended (after the worker had). */
  searchBesideRender: boolean;
  /** Pagefind's peak resident memory (0 when reused, or where /proc does not tell). */
  searchPeakKb: number;
}

export type ExtrasReport = WorkerReport & SearchReport;

/**
 * The most search records Pagefind indexes while the Astro render still runs. Pagefind holds about
 * 25 KB a record while it indexes: 8,197 records at 10,000 configurations take about 200 MB, which
 * fit beside the render (about 490 MB) once the worker (about 230 MB) has ended, and use the core
 * the worker leaves idle; 37,610 at 50,000 take about 850 MB, which the render's 1.1 GB leaves no
 * room for under 2 GiB, so there Pagefind waits for the render to end.
 */
export const SEARCH_BESIDE_RENDER_MAX_RECORDS = 12_000;

/** The list of cards a build published, and what rendered them: the next build reuses a card only with the same renderer. */
export const CARD_MANIFEST = 'og/cards.json';

export interface CardManifest {
  renderer: string;
  files: string[];
}

/** Moves everything under `from` into `into`: a folder Astro did not write moves whole; a file that is there already is a bug. */
export function mergeInto(from: string, into: string): number {
  let moved = 0;
  for (const name of readdirSync(from)) {
    const source = join(from, name);
    const target = join(into, name);
    if (!existsSync(target)) {
      renameSync(source, target);
      moved++;
    } else if (statSync(source).isDirectory() && statSync(target).isDirectory()) moved += mergeInto(source, target);
    else throw new Error(`the publish step and Astro both wrote ${relative(into, target) || name}`);
  }
  return moved;
}

export function readCardManifest(site: string): CardManifest | undefined {
  try {
    return JSON.parse(readFileSync(join(site, CARD_MANIFEST), 'utf8')) as CardManifest;
  } catch {
    return undefined;
  }
}

/**
 * Nice 10 (or the lower priority it already had) for this process and what it starts from here on;
 * a system that does not allow it runs as it is.
 */
export function lowerPriority(): void {
  try {
    setPriority(Math.max(getPriority(), 10));
  } catch {
    // not allowed here: the same priority as the render
  }
}

export interface ExtrasJob {
  /** The worker's report and the search index's, once both are done. */
  done: Promise<ExtrasReport>;
  /** Hears how far the worker and the search index are, now and at each change, until they are done. */
  watch(listener: (progress: ProgressState) => void): void;
  /** The worker's process id, for a look at it from outside. */
  pid: number | undefined;
  /** Settles when the worker's process has ended, however it ended. */
  workerEnded: Promise<void>;
  /** Says the render has ended (or is not coming): Pagefind may start. */
  renderEnded(): void;
  stop(): void;
}

export interface ExtrasOptions {
  /** See SEARCH_BESIDE_RENDER_MAX_RECORDS; 0 always waits for the render. */
  searchBesideRenderMax?: number;
  /** Per-benchmark submissions in the snapshot: see workerSemiSpaceMb. */
  submissions?: number;
}

/**
 * The worker's young generation, in MB a semi-space. 2 MB (V8's default is 16) holds its copy of
 * the data in about 60 MB less at 10,000 configurations, for its extra collections' CPU, which the
 * niced worker can spare there. With millions of submissions (3.49 million at 50,000 with details)
 * those collections were a quarter of its CPU and the worker the build's longest path: 16 MB there.
 */
export const workerSemiSpaceMb = (submissions: number) => (submissions >= 1_000_000 ? 16 : 2);

/** The build's node flags the worker keeps: not its young generation (set below) nor the preloads of an npm script. */
export function workerFlags(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    if (flag === '--import') i++;
    else if (!flag.startsWith('--import=') && !flag.startsWith('--max-semi-space-size')) out.push(flag);
  }
  return out;
}

/** Starts the worker; the environment (SITE_URL, attribution) is inherited. */
export function startExtras(
  request: ExtrasRequest,
  { searchBesideRenderMax = SEARCH_BESIDE_RENDER_MAX_RECORDS, submissions = 0 }: ExtrasOptions = {},
): ExtrasJob {
  const child = fork(fileURLToPath(new URL('./extras-worker.ts', import.meta.url)), [], {
    execArgv: [...workerFlags(process.execArgv), '--expose-gc', `--max-semi-space-size=${workerSemiSpaceMb(submissions)}`],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: childEnv(),
  });
  let settled = false;
  let workerProgress: WorkerProgress | undefined;
  let searchProgress: SearchProgress | undefined;
  let listener: ((progress: ProgressState) => void) | undefined;
  const told = () => listener?.(extrasProgress(workerProgress, searchProgress));
  let gotRecords!: (records: SearchRecord[]) => void;
  let noRecords!: (err: unknown) => void;
  const recordsSent = new Promise<SearchRecord[]>((resolvePromise, reject) => ([gotRecords, noRecords] = [resolvePromise, reject]));
  const worker = new Promise<WorkerReport>((resolvePromise, reject) => {
    child.on('message', (message: WorkerMessage) => {
      if ('progress' in message) {
        workerProgress = message.progress;
        return told();
      }
      if ('records' in message) return gotRecords(message.records);
      settled = true;
      if ('report' in message) resolvePromise(message.report);
      else reject(new Error(`the cards, badges and feeds failed: ${message.error}`));
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`the cards, badges and feeds worker ended (${signal ?? `exit ${code}`}) before it was done`));
    });
    child.once('error', reject);
  });
  // A worker that fails before it sends its records fails the search too (after, this does nothing).
  worker.catch(noRecords);
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()));
  let renderHasEnded = false;
  let endRender!: () => void;
  const renderEnded = new Promise<void>((resolvePromise) => (endRender = resolvePromise));
  let indexing = false;
  const search = (async (): Promise<SearchReport> => {
    let records: SearchRecord[] | undefined = await recordsSent;
    const pages = records.length;
    searchProgress = { phase: pages <= searchBesideRenderMax ? 'waiting for the worker or the render to end' : 'waiting for the render to end' };
    told();
    await (pages <= searchBesideRenderMax ? Promise.race([renderEnded, worker.then(() => exited)]) : renderEnded);
    const searchBesideRender = !renderHasEnded;
    // Beside the render, Pagefind takes only the CPU the render leaves: it inherits this process's
    // priority, lowered as the worker's is (at the render's priority, the render took longer by
    // more than the wait it saved). What this process does after the render is alone by then.
    if (searchBesideRender) lowerPriority();
    const started = performance.now();
    indexing = true;
    const index = await indexForSearch(request.staging, records, request.previous, (progress) => {
      searchProgress = progress;
      told();
    });
    records = undefined;
    const { peakKb } = await index.written;
    indexing = false;
    return { searchPages: pages, searchReused: index.reused, searchBesideRender, searchMs: performance.now() - started, searchPeakKb: peakKb };
  })();
  const done = Promise.all([worker, search]).then(([w, s]) => ({ ...w, ...s }));
  // A rejection nobody awaits yet (Astro failed first) must not end the process on its own; once done, nobody hears more.
  done.catch(() => {}).finally(() => (listener = undefined));
  search.catch(() => {});
  child.send(request);
  return {
    done,
    watch: (heard) => {
      listener = heard;
      told();
    },
    pid: child.pid,
    workerEnded: exited,
    renderEnded: () => {
      renderHasEnded = true;
      endRender();
    },
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      if (indexing) void stopIndexing();
    },
  };
}

/** The worker's folder inside the build's work folder, merged into the site once Astro is done. */
export const STAGING = 'extras';
