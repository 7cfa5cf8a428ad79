/**
 * Every HTML page of a built site through html-validate, with the project's settings
 * (`.htmlvalidate.mjs`), in-process: the pages are shared among worker threads, one per core (at
 * most four), each validating its share with one resolved configuration.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/** Every page of `dist`, or the pages `only` names (paths from its root). */
export async function validateSite(dist: string, only?: readonly string[], threads = Math.min(availableParallelism(), 4)): Promise<HtmlReport> {
  const files = only ? [...only] : filesUnder(dist, /\.html$/);
  const shares = Array.from({ length: threads }, (_, i) => files.filter((_, j) => j % threads === i));
  const reports = await Promise.all(
    shares.map(
      (share) =>
        new Promise<HtmlReport>((resolve, reject) => {
          const worker = new Worker(new URL('./html-validate-worker.mjs', import.meta.url), { workerData: { root: dist, files: share } });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => code !== 0 && reject(new Error(`an html-validate worker exited with ${code}`)));
        }),
    ),
  );
  return {
    pages: reports.reduce((n, r) => n + r.pages, 0),
    errors: reports.reduce((n, r) => n + r.errors, 0),
    problems: reports.flatMap((r) => r.problems),
  };
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
