/**
 * Site search: Pagefind indexes one record per model, benchmark and tag (written from the
 * snapshot's data by search-records.ts) and writes its index and scripts into `dist/pagefind/`,
 * which the search box loads when a visitor starts typing. The build runs it from the records the
 * extras worker sends (Pagefind holds about 25 KB a record while it indexes; extras.ts decides
 * when). The records hold words, not numbers, so from one snapshot to the next they rarely
 * change: an index whose records and Pagefind are those of the previous build is taken from it.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { childPids, childrenPeakKb } from './process-peak.ts';
import { writeInside } from './write-inside.ts';
import type { SearchRecord } from '../site/files/search-records.ts';

/** The folder of the index under dist/, and what the search box loads from it. */
export const SEARCH_DIR = 'pagefind';

/** What the index was made from (a digest of the records and Pagefind's version), beside it. */
export const SEARCH_INPUTS = `${SEARCH_DIR}/inputs.json`;

/** Pagefind's ready-made interfaces, which the site's own search box does not load. */
const UNUSED = new Set([
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
]);

/** How far the index is: Pagefind taking the records, then its files written. */
export type SearchProgress =
  | { phase: 'waiting for the worker or the render to end' | 'waiting for the render to end' | 'reused' | 'writing' | 'made' }
  | { phase: 'indexing'; done: number; total: number };

export interface SearchIndex {
  pages: number;
  /** True when the previous build's index was taken as it is. */
  reused: boolean;
  /** Settles when the index is written, with the peak memory of Pagefind's process (0 when reused or not told). */
  written: Promise<{ peakKb: number }>;
}

/**
 * Pagefind's Node API waits for its process's answer without end: a process that died (the kernel's
 * out-of-memory killer, a panic) left the build waiting until the job's time limit. While Pagefind
 * works, this looks every half second whether its process still runs; once it has ended, closing
 * the API rejects every call still waiting. Where /proc cannot name the process, nothing is watched.
 */
function watchPagefind(before: readonly number[]): { ended: () => boolean; stop: () => void } {
  // The process this call started, not one a call before it closed that has not yet ended.
  const pid = childPids(/^pagefind/).find((p) => !before.includes(p));
  let ended = false;
  if (pid === undefined) return { ended: () => false, stop: () => {} };
  const timer = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch {
      ended = true;
      clearInterval(timer);
      void pagefind.close();
    }
  }, 500);
  timer.unref();
  return { ended: () => ended, stop: () => clearInterval(timer) };
}

/** Ends Pagefind's process, if one runs (a build that fails while it indexes). */
export const stopIndexing = async (): Promise<void> => void (await pagefind.close());

/** The installed Pagefind's version, from its package.json (which its exports do not list). */
function pagefindVersion(): string {
  for (const folder of createRequire(import.meta.url).resolve.paths('pagefind') ?? [])
    try {
      const pkg = JSON.parse(readFileSync(join(folder, 'pagefind', 'package.json'), 'utf8')) as { version?: string };
      if (pkg.version) return pkg.version;
    } catch {
      // not installed in this folder: Node would look in the next one too
    }
  throw new Error('cannot find the version of the installed Pagefind');
}

/** The digest of what decides the index: the records, in order, and the Pagefind that indexes them. */
export function searchInputs(records: readonly SearchRecord[]): string {
  const hash = createHash('sha256');
  hash.update(`pagefind@${pagefindVersion()}\0`);
  for (const r of records) hash.update(`${JSON.stringify([r.url, r.title, r.kind, r.content])}\n`);
  return hash.digest('hex');
}

const readInputs = (site: string) => {
  try {
    return (JSON.parse(readFileSync(join(site, SEARCH_INPUTS), 'utf8')) as { inputs?: unknown }).inputs;
  } catch {
    return undefined;
  }
};

/** Links (or copies) every file of `from` into `to`, folders made as needed. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [join(from, entry.name), join(to, entry.name)];
    if (entry.isDirectory()) linkTree(source, target);
    else
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
  }
}

/**
 * Has Pagefind index `records` into `site`/pagefind/ (`site` laid out as `dist/`), or takes the
 * index of `previous` (the site being replaced) when it was made from the same inputs. Resolves
 * once Pagefind holds every record; Pagefind makes its files in its own process while the caller
 * goes on with other work, and `written` settles once this process has written them.
 */
export async function indexForSearch(
  site: string,
  records: readonly SearchRecord[],
  previous?: string,
  onProgress: (progress: SearchProgress) => void = () => {},
): Promise<SearchIndex> {
  const inputs = searchInputs(records);
  const manifest = `${JSON.stringify({ inputs })}\n`;
  if (previous !== undefined && readInputs(previous) === inputs) {
    try {
      linkTree(join(previous, SEARCH_DIR), join(site, SEARCH_DIR));
      onProgress({ phase: 'reused' });
      return { pages: records.length, reused: true, written: Promise.resolve({ peakKb: 0 }) };
    } catch {
      // a previous index that cannot be read whole is made again
      rmSync(join(site, SEARCH_DIR), { recursive: true, force: true });
    }
  }
  // Pagefind's process starts with the call: the watch begins before its first answer.
  const before = childPids(/^pagefind/);
  const creating = pagefind.createIndex({ forceLanguage: 'en' });
  const watch = watchPagefind(before);
  const failed = (err: unknown) =>
    watch.ended() ? new Error(`Pagefind's process ended before the search index was written (what it printed above says why)`, { cause: err }) : err;
  try {
    const { index, errors } = await creating;
    if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
    let indexed = 0;
    const total = records.length;
    const step = Math.max(1, Math.ceil(total / 100));
    onProgress({ phase: 'indexing', done: 0, total });
    const added = await Promise.all(
      records.map(({ url, title, kind, content }) =>
        index.addCustomRecord({ url, content, language: 'en', meta: { title, kind } }).then((answer) => {
          if (++indexed % step === 0 || indexed === total) onProgress({ phase: 'indexing', done: indexed, total });
          return answer;
        }),
      ),
    );
    onProgress({ phase: 'writing' });
    const refused = added.flatMap((r) => r.errors);
    if (refused.length) throw new Error(`pagefind could not index the pages: ${refused.slice(0, 3).join('; ')}`);
    // Pagefind hands its files over and this process writes them: its own writing ignored a failed
    // write (a full disk left a partial index that it reported written) or panicked, its process
    // gone and the call never answered.
    const written = index
      .getFiles()
      .then(({ files, errors: getErrors }) => {
        if (getErrors.length) throw new Error(`pagefind could not make its index: ${getErrors.join('; ')}`);
        const folder = join(site, SEARCH_DIR);
        for (const { path, content } of files) if (!UNUSED.has(path)) writeInside(folder, path, content);
        writeFileSync(join(site, SEARCH_INPUTS), manifest);
        onProgress({ phase: 'made' });
        // Pagefind's own process, still running: its peak adds to the build's memory.
        return { peakKb: childrenPeakKb(/^pagefind/) };
      })
      .catch((err: unknown) => {
        throw failed(err);
      })
      .finally(() => {
        watch.stop();
        return pagefind.close();
      });
    written.catch(() => {});
    return { pages: records.length, reused: false, written };
  } catch (err) {
    watch.stop();
    await pagefind.close();
    throw failed(err);
  }
}
