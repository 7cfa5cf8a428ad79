/**
 * A summary of a V8 CPU profile (`node --cpu-prof`) of a build: where its time went, by who owns
 * the code (the site's modules, its compiled pages, Astro's renderer and build pipeline, bundling,
 * Node's own file system calls, GC, idle), its heaviest functions, and the time under each page
 * route's compiled module (self time of everything called from it).
 */

export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time by owner, largest first. */
  owners: { owner: string; ms: number }[];
  /** The heaviest functions by self time. */
  functions: { name: string; owner: string; ms: number }[];
  /** Time with a compiled page module on the stack, by page. */
  pages: { page: string; ms: number }[];
}

/** Who owns a frame, from its URL. */
export function ownerOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle (waiting for I/O)';
    if (functionName === '(program)') return 'V8 and native code';
    return `native: ${functionName || 'anonymous'}`;
  }
  if (/\/(?:\.prerender|chunks|pages)\/.*\.mjs/.test(url) && !url.includes('node_modules')) return 'the site (compiled pages and components)';
  if (/\/src\/(?:site|store)\//.test(url)) return 'the site (src/site, src/store)';
  if (url.includes('/better-sqlite3/')) return 'SQLite reads';
  if (/node_modules\/astro\/dist\/(?:runtime|core\/render)/.test(url)) return 'Astro render pipeline';
  if (url.includes('node_modules/astro/')) return 'Astro build pipeline (routes, page writer)';
  if (/node_modules\/(?:vite|rollup|@rollup|esbuild|postcss|lightningcss|@babel)\//.test(url)) return 'bundling (Vite, Rollup, esbuild)';
  if (url.startsWith('node:')) return /node:(?:fs|internal\/fs)/.test(url) ? 'Node file system' : 'Node internals';
  if (url.includes('node_modules/')) return `dependency: ${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? url}`;
  return 'other';
}

/** The route a compiled page module belongs to, from its file name (`models/_model_.astro.mjs` -> `models/[model]`). */
export function pageOf(url: string): string | undefined {
  const m = /\/pages\/(.+?)\.(?:astro|ts|js)\.mjs$/.exec(url);
  return m ? m[1]!.replace(/_([^/_]+)_/g, '[$1]') : undefined;
}

export function summarizeProfile(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));

  const owners = new Map<string, number>();
  const functions = new Map<string, { name: string; owner: string; ms: number }>();
  const pages = new Map<string, number>();
  let totalMs = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id)!;
    const { url, functionName, lineNumber } = node.callFrame;
    const owner = ownerOf(url, functionName);
    totalMs += ms;
    owners.set(owner, (owners.get(owner) ?? 0) + ms);
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(src|dist)\//, '$1/')}:${lineNumber + 1}`;
    const f = functions.get(key) ?? { name: key, owner, ms: 0 };
    f.ms += ms;
    functions.set(key, f);
    // The nearest compiled page module above this frame.
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const page = pageOf(byId.get(at)!.callFrame.url);
      if (page) {
        pages.set(page, (pages.get(page) ?? 0) + ms);
        break;
      }
    }
  }
  const sorted = <T extends { ms: number }>(list: T[]) => list.sort((a, b) => b.ms - a.ms);
  return {
    totalMs,
    owners: sorted([...owners].map(([owner, ms]) => ({ owner, ms }))),
    functions: sorted([...functions.values()]).slice(0, top),
    pages: sorted([...pages].map(([page, ms]) => ({ page, ms }))),
  };
}

/** The summary as Markdown lines. */
export function profileReport(s: ProfileSummary): string {
  const pct = (ms: number) => `${((ms / s.totalMs) * 100).toFixed(1)} %`;
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    `CPU profile: ${sec(s.totalMs)} sampled`,
    '',
    'By owner (self time):',
    ...s.owners.filter((o) => o.ms / s.totalMs >= 0.005).map((o) => `- ${o.owner}: ${sec(o.ms)} (${pct(o.ms)})`),
    '',
    'Under each compiled page module (everything it called):',
    ...s.pages.map((p) => `- ${p.page}: ${sec(p.ms)} (${pct(p.ms)})`),
    '',
    'Heaviest functions (self time):',
    ...s.functions.map((f) => `- ${sec(f.ms)} (${pct(f.ms)}) ${f.name} [${f.owner}]`),
  ].join('\n');
}
