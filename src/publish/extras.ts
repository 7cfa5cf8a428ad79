/**
 * The files the publish step writes beside Astro's pages: link-preview cards (PNG), rank badges
 * (SVG and shields.io JSON), the Atom feeds of every model and tag, every model's data file,
 * history.csv and scores.csv, and the search index. They are made in a child
 * process (extras-worker.ts) while Astro renders on the other core (the search index once the
 * render has ended), into a folder of the work folder, then moved into the new site.
 */
import { fork } from 'node:child_process';
import { existsSync, linkSync, copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childEnv } from './child-env.ts';

export interface ExtrasRequest {
  /** Where the worker writes, laid out as `dist/` is. */
  staging: string;
  /** The site being replaced, whose cards may be reused. */
  previous: string;
}

export interface ExtrasReport {
  cards: number;
  rendered: number;
  reused: number;
  badges: number;
  feeds: number;
  /** The per-model data files, history.csv and the parts of scores.csv. */
  dataFiles: number;
  /** Records in the search index, and the time from starting Pagefind to its files written. */
  searchPages: number;
  searchMs: number;
  /** True when the previous build's index was made from the same records, and taken. */
  searchReused: boolean;
  /** CPU time of rendering the cards, and of the whole worker (start-up and data load included). */
  cardCpuMs: number;
  workerCpuMs: number;
  /** The worker's peak resident memory (it holds the site's data a second time), and Pagefind's (0 where /proc does not tell). */
  workerPeakKb: number;
  searchPeakKb: number;
  ms: number;
}

/** The list of cards a build published, and what rendered them: the next build reuses a card only with the same renderer. */
export const CARD_MANIFEST = 'og/cards.json';

export interface CardManifest {
  renderer: string;
  files: string[];
}

/** Writes `data` at `rel` under `root`, refusing any path that would leave it. */
export function writeInside(root: string, rel: string, data: string | Buffer): void {
  const target = resolve(root, rel);
  if (rel.split('/').some((s) => s === '' || s === '.' || s === '..') || !target.startsWith(resolve(root) + sep)) {
    throw new Error(`refusing to write ${JSON.stringify(rel)} outside the site`);
  }
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, data);
}

/** Reuses the previous site's copy of `rel` (a hard link where the file system allows), or returns false. */
export function reuseInto(previous: string, staging: string, rel: string): boolean {
  const from = join(previous, rel);
  if (!existsSync(from)) return false;
  const to = resolve(staging, rel);
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
  return true;
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

/** The message that tells the worker the Astro render has ended: Pagefind starts then. */
export const RENDER_ENDED = 'render-ended';

export interface ExtrasJob {
  done: Promise<ExtrasReport>;
  /** The worker's process id, for a look at it from outside. */
  pid: number | undefined;
  /** Tells the worker the render has ended (or is not coming), so that it may start Pagefind. */
  renderEnded(): void;
  stop(): void;
}

/** Starts the worker; the environment (snapshot path, SITE_URL, attribution) is inherited. */
export function startExtras(request: ExtrasRequest): ExtrasJob {
  const child = fork(fileURLToPath(new URL('./extras-worker.ts', import.meta.url)), [], {
    // A 2 MB young generation (V8's default is 16 MB) holds the worker's copy of the data in about
    // 60 MB less; its extra collections cost the niced worker CPU, not the render's path.
    execArgv: [...process.execArgv.filter((a) => !a.startsWith('--max-semi-space-size')), '--expose-gc', '--max-semi-space-size=2'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: childEnv(),
  });
  let settled = false;
  const done = new Promise<ExtrasReport>((resolvePromise, reject) => {
    child.once('message', (message: { report?: ExtrasReport; error?: string }) => {
      settled = true;
      if (message.report) resolvePromise(message.report);
      else reject(new Error(`the cards, badges and feeds failed: ${message.error}`));
    });
    child.once('exit', (code, signal) => {
      if (!settled) reject(new Error(`the cards, badges and feeds worker ended (${signal ?? `exit ${code}`}) before it was done`));
    });
    child.once('error', reject);
  });
  // A rejection nobody awaits yet (Astro failed first) must not end the process on its own.
  done.catch(() => {});
  child.send(request);
  return {
    done,
    pid: child.pid,
    renderEnded: () => {
      // A worker that already ended (or failed) needs no word: its outcome is in `done`.
      if (child.connected) child.send(RENDER_ENDED, () => {});
    },
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
    },
  };
}

/** The worker's folder inside the build's work folder, merged into the site once Astro is done. */
export const STAGING = 'extras';
