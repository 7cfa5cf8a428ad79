/**
 * Every HTML page of a built site through html-validate, with the project's settings (`.htmlvalidate.mjs`), in one worker
 * thread that the test process keeps (test/helpers/html-validate-worker.mjs): one validator, loaded and compiled once,
 * validates every site a test process asks for, one after the other. A thread per core cost more CPU than it saved time:
 * each loads html-validate and compiles it anew (257 pages of the sample: 7.5-7.8 s of CPU in one thread, 10.4-10.5 s in
 * two, 12.1-12.7 s in four), and the test files already run side by side on every core.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Rng } from '../../src/dev/sample/random.ts';
import { pageKindOf } from '../../src/site/plan/page-kinds.ts';
import { filesUnder } from './files.ts';

export interface HtmlReport {
  pages: number;
  errors: number;
  /** The first problems found, as `file:line:column rule: message (selector)`. */
  problems: string[];
}

interface Waiting {
  resolve: (report: HtmlReport) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/** The worker, started at the first request; it keeps the process alive only while a request waits on it. */
function validator(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./html-validate-worker.mjs', import.meta.url));
  const fail = (error: Error) => {
    if (worker === w) worker = undefined;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  w.on('message', ({ id, report }: { id: number; report: HtmlReport }) => {
    waiting.get(id)?.resolve(report);
    waiting.delete(id);
    if (waiting.size === 0) w.unref();
  });
  w.once('error', fail);
  w.once('exit', (code) => fail(new Error(`the html-validate worker exited with ${code}`)));
  return (worker = w);
}

/** Every page of `dist`, or the pages `only` names (paths from its root). */
export function validateSite(dist: string, only?: readonly string[]): Promise<HtmlReport> {
  const files = only ? [...only] : filesUnder(dist, /\.html$/);
  const w = validator();
  const id = nextId++;
  return new Promise<HtmlReport>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, root: dist, files });
  });
}

/**
 * Some pages of each kind of `dist` (src/site/plan/page-kinds.ts): its first, largest and smallest page and the one with the
 * longest path (the longest name in it), and `share` of the others drawn with `seed` (at least one where there are others),
 * in the order of the site's files. Every kind of page is one template over its data: what html-validate finds on one page of
 * a kind it finds on the kind's other pages with data of that shape, and these pages carry the extremes.
 */
export function pagesOfEachKind(dist: string, { seed, share }: { seed: number; share: number }): string[] {
  const kinds = new Map<string, { file: string; bytes: number }[]>();
  for (const file of filesUnder(dist, /\.html$/)) {
    const kind = pageKindOf(file).name;
    if (!kinds.has(kind)) kinds.set(kind, []);
    kinds.get(kind)!.push({ file, bytes: statSync(join(dist, file)).size });
  }
  const rng = new Rng(seed);
  const chosen = new Set<string>();
  for (const pages of kinds.values()) {
    const by = (score: (p: { file: string; bytes: number }) => number) => pages.reduce((best, p) => (score(p) > score(best) ? p : best)).file;
    const ends = new Set([pages[0]!.file, by((p) => p.bytes), by((p) => -p.bytes), by((p) => p.file.length)]);
    const others = pages.filter((p) => !ends.has(p.file)).map((p) => p.file);
    for (const file of [...ends, ...rng.shuffle(others).slice(0, Math.ceil(others.length * share))]) chosen.add(file);
  }
  return filesUnder(dist, /\.html$/).filter((file) => chosen.has(file));
}
