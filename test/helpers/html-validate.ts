/**
 * Every HTML page of a built site through html-validate, with the project's settings
 * (`.htmlvalidate.mjs`), in-process: the pages are shared among worker threads, one per core (at
 * most four), each validating its share with one resolved configuration.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
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
