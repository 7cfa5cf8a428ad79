/**
 * What a built site weighs where a visitor feels it: pages and bytes of the folder, the
 * leaderboard's first page and the largest page gzipped, and the JavaScript a page makes the
 * browser fetch (its `<script>`s and everything they import), gzipped at level 9.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Weight {
  raw: number;
  gzip: number;
}

export interface DistStats {
  /** `.html` files. */
  pages: number;
  files: number;
  bytes: number;
  /** What the files take on this disk (whole blocks), which is what a host with a size limit may count. */
  diskBytes: number;
  /** The largest file of any kind: hosts limit a single file (Cloudflare Pages: 25 MiB). */
  largestFile: { path: string; raw: number } | undefined;
  /** `index.html`, the leaderboard's first page. */
  index: Weight | undefined;
  largestPage: (Weight & { path: string }) | undefined;
  /** Every `.js` file under `_astro/`. */
  js: Weight & { files: number };
  /** The page (among those sampled) whose scripts and their imports weigh the most gzipped. */
  heaviestPageJs: { path: string; gzip: number; scripts: number } | undefined;
  sampledPages: number;
}

export const gzipSize = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;

function* walk(dir: string): Generator<{ path: string; size: number; disk: number }> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) {
      const stat = statSync(path);
      yield { path, size: stat.size, disk: stat.blocks * 512 };
    }
  }
}

/** `.html` files and bytes of a folder, without reading them. */
export function countPages(dir: string): { pages: number; files: number; bytes: number } {
  let pages = 0;
  let files = 0;
  let bytes = 0;
  for (const f of walk(dir)) {
    files++;
    bytes += f.size;
    if (f.path.endsWith('.html')) pages++;
  }
  return { pages, files, bytes };
}

/**
 * Up to `perGroup` pages of each top-level folder (models/, tags/, ...), evenly spread, plus every
 * page at the root: each template is looked at, whatever the size of the site.
 */
export function samplePages(pages: readonly string[], perGroup: number): string[] {
  const groups = new Map<string, string[]>();
  for (const p of pages) {
    const parts = p.split('/');
    const key = parts.length > 1 ? parts[0]! : p;
    let list = groups.get(key);
    if (!list) groups.set(key, (list = []));
    list.push(p);
  }
  const out: string[] = [];
  for (const list of groups.values()) {
    list.sort();
    if (list.length <= perGroup) out.push(...list);
    else for (let i = 0; i < perGroup; i++) out.push(list[Math.floor((i * list.length) / perGroup)]!);
  }
  return out;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const attr = (attrs: string, name: string): string | undefined => {
  const m = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined;
};
/** `import "../../bench/x.js"`, `from "../../bench/x.js"`, `import("../../bench/x.js")`: what a built chunk pulls in. */
const IMPORT = /\b(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"']+?\.m?js)["']/g;

/** The file in `dist` a page's `src` points at: relative to the page, or to the site root under any base path. */
function resolveSrc(dist: string, page: string, src: string): string | undefined {
  const path = src.replace(/[?#].*$/, '');
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) return undefined; // another origin: not shipped from dist
  if (!path.startsWith('/')) {
    const file = join(dirname(join(dist, page)), path);
    return existsSync(file) ? file : undefined;
  }
  const parts = path.split('/').filter(Boolean);
  for (let i = 0; i < parts.length; i++) {
    const file = join(dist, ...parts.slice(i));
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

export function measureDist(dist: string, { perGroup = 200 } = {}): DistStats {
  const html: { rel: string; size: number }[] = [];
  let files = 0;
  let bytes = 0;
  let diskBytes = 0;
  let largestFile: DistStats['largestFile'];
  const js = { files: 0, raw: 0, gzip: 0 };
  const gzipOf = new Map<string, number>();
  const gzipFile = (file: string): number => {
    let size = gzipOf.get(file);
    if (size === undefined) gzipOf.set(file, (size = gzipSize(readFileSync(file))));
    return size;
  };
  for (const f of walk(dist)) {
    files++;
    bytes += f.size;
    diskBytes += f.disk;
    const rel = relative(dist, f.path).split(sep).join('/');
    if (!largestFile || f.size > largestFile.raw) largestFile = { path: rel, raw: f.size };
    if (rel.endsWith('.html')) html.push({ rel, size: f.size });
    if (rel.startsWith('_astro/') && /\.m?js$/.test(rel)) {
      js.files++;
      js.raw += f.size;
      js.gzip += gzipFile(f.path);
    }
  }

  const weigh = (rel: string): Weight => {
    const data = readFileSync(join(dist, rel));
    return { raw: data.length, gzip: gzipSize(data) };
  };
  const index = html.some((p) => p.rel === 'index.html') ? weigh('index.html') : undefined;
  const largest = html.reduce<{ rel: string; size: number } | undefined>((a, b) => (!a || b.size > a.size ? b : a), undefined);

  /** A script file and, transitively, the chunks it imports. */
  const closure = (file: string, seen: Set<string>) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const dep = join(dirname(file), m[1]!);
      if (existsSync(dep)) closure(dep, seen);
    }
  };
  const sampled = samplePages(
    html.map((p) => p.rel),
    perGroup,
  );
  let heaviest: DistStats['heaviestPageJs'];
  for (const rel of sampled) {
    const text = readFileSync(join(dist, rel), 'utf8');
    const files = new Set<string>();
    let inline = 0;
    let scripts = 0;
    for (const m of text.matchAll(SCRIPT)) {
      const attrs = m[1] ?? '';
      const type = attr(attrs, 'type')?.toLowerCase();
      if (type && type !== 'module' && !type.includes('javascript')) continue; // JSON-LD, templates
      scripts++;
      const src = attr(attrs, 'src');
      if (src === undefined) {
        if (m[2]?.trim()) inline += gzipSize(m[2]);
        continue;
      }
      const file = resolveSrc(dist, rel, src);
      if (file) closure(file, files);
    }
    let gzip = inline;
    for (const f of files) gzip += gzipFile(f);
    if (!heaviest || gzip > heaviest.gzip) heaviest = { path: rel, gzip, scripts };
  }

  return {
    pages: html.length,
    files,
    bytes,
    diskBytes,
    largestFile,
    index,
    largestPage: largest ? { path: largest.rel, ...weigh(largest.rel) } : undefined,
    js,
    heaviestPageJs: heaviest,
    sampledPages: sampled.length,
  };
}

/** One page type (an Astro route) of a built site: how many files it wrote and how large they are. */
export interface PageTypeSize {
  route: string;
  files: number;
  bytes: number;
  medianBytes: number;
  largest: { path: string; bytes: number } | undefined;
}

/** Sizes of each route's files, as `RouteTimer` listed them; a file the build did not leave is skipped. */
export function pageTypeSizes(dist: string, routes: readonly { route: string; files: readonly string[] }[]): PageTypeSize[] {
  return routes.map(({ route, files }) => {
    const sizes: { path: string; bytes: number }[] = [];
    for (const path of files) {
      const file = join(dist, path);
      if (existsSync(file)) sizes.push({ path, bytes: statSync(file).size });
    }
    sizes.sort((a, b) => a.bytes - b.bytes);
    const mid = sizes.length >> 1;
    const medianBytes = sizes.length === 0 ? 0 : sizes.length % 2 ? sizes[mid]!.bytes : (sizes[mid - 1]!.bytes + sizes[mid]!.bytes) / 2;
    return { route, files: sizes.length, bytes: sizes.reduce((a, b) => a + b.bytes, 0), medianBytes, largest: sizes.at(-1) };
  });
}

/** The files of the leaderboard as it stood (`data/history/`) of a built site, and what a visitor downloads of them, gzipped at level 9. */
export interface HistoryFiles {
  /** Every file under data/history/, and their bytes as published and gzipped (a `.gz` file as it is). */
  files: number;
  bytes: number;
  gzip: number;
  /** Days kept (day files). */
  days: number;
  /** index.json and names.json, gzipped. */
  indexGzip: number;
  namesGzip: number;
  /** A day's file, gzipped: the median and the largest. */
  dayGzip: { median: number; max: number };
  /** A visitor's first past view: the index, the names and one day's file (median and largest day). */
  firstView: { median: number; max: number };
}

/** The history files of `dist`, or undefined where it has none. */
export function measureHistory(dist: string): HistoryFiles | undefined {
  const dir = join(dist, 'data', 'history');
  if (!existsSync(dir)) return undefined;
  let files = 0;
  let bytes = 0;
  let gzip = 0;
  let indexGzip = 0;
  let namesGzip = 0;
  const days: number[] = [];
  for (const f of walk(dir)) {
    const rel = relative(dir, f.path).split(sep).join('/');
    const data = readFileSync(f.path);
    const size = rel.endsWith('.gz') ? data.length : gzipSize(data);
    files++;
    bytes += f.size;
    gzip += size;
    if (rel === 'index.json') indexGzip = size;
    else if (rel.startsWith('names.json')) namesGzip = size;
    else if (rel.startsWith('days/')) days.push(size);
  }
  days.sort((a, b) => a - b);
  const median = days.length ? days[days.length >> 1]! : 0;
  const max = days.at(-1) ?? 0;
  return {
    files,
    bytes,
    gzip,
    days: days.length,
    indexGzip,
    namesGzip,
    dayGzip: { median, max },
    firstView: { median: indexGzip + namesGzip + median, max: indexGzip + namesGzip + max },
  };
}
