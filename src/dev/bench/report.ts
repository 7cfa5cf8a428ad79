/**
 * The benchmark's report: a Markdown table per size, the ratio to the reference, the page weights,
 * the site built for each deploy target against its host's limits, each target with PASS or FAIL,
 * and the machine it ran on. Pure functions of the results.
 */
import { evidenceLine } from './evidence-result.ts';
import { rankLines } from './rank-page.ts';
import { figuresText } from '../../publish/build-plan.ts';
import { HOST_LIMITS, limitsText, mb } from '../../site/plan/hosts.ts';
import { entryOf, OUTPUT_KINDS } from '../../site/plan/output-kinds.ts';
import { median, spread } from './stats.ts';
import {
  STAGES,
  type BenchResults,
  type KindedFigures,
  type Machine,
  type PageTypeResult,
  type SizeResult,
  type StageName,
  type StageResult,
  type TargetBuild,
} from './results.ts';

const KB = 1024;
const MB = 1024 * 1024;
const GIB = 1024 * MB;

export const seconds = (ms: number): string => (ms / 1000).toFixed(2);
export const megabytes = (bytes: number): string => (bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0);
export const kilobytes = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;
export const thousands = (n: number): string => n.toLocaleString('en-US');

/** A Markdown table, each column padded to its widest cell; `align` 'r' right-aligns a column. */
export function markdownTable(headers: readonly string[], rows: readonly (readonly string[])[], align: readonly ('l' | 'r')[] = []): string {
  const widths = headers.map((h, i) => Math.max(3, h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) => (align[i] === 'r' ? text.padStart(widths[i]!) : text.padEnd(widths[i]!));
  const line = (cells: readonly string[]) => `| ${headers.map((_, i) => cell(cells[i] ?? '', i)).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function stageOf(result: SizeResult, name: StageName): StageResult {
  const stage = result.stages.find((s) => s.stage === name);
  if (!stage) throw new Error(`no ${name} stage in the results`);
  return stage;
}

export function stageTable(result: SizeResult): string {
  const rows = STAGES.map((name) => {
    const s = stageOf(result, name);
    const { median: mid, min, max } = spread(s.ms);
    return [
      name,
      seconds(mid),
      `${seconds(min)}–${seconds(max)}`,
      s.peakRssKb === undefined ? '?' : (s.peakRssKb / KB).toFixed(0),
      s.pages === undefined ? '' : thousands(s.pages),
      s.distBytes === undefined ? '' : megabytes(s.distBytes),
    ];
  });
  return markdownTable(['stage', 'median s', 'min–max s', 'peak RSS MB', 'pages', 'dist MB'], rows, ['l', 'r', 'r', 'r', 'r', 'r']);
}

export interface Target {
  label: string;
  /** The measured value, as printed. */
  value: string;
  pass: boolean;
}

const target = (label: string, value: string, pass: boolean): Target => ({ label, value, pass });

const distTargets = (result: SizeResult, limitBytes: number, limitText: string): Target[] => {
  const out: Target[] = [];
  const sites = [{ label: '', dist: result.dist }, ...(result.details ? [{ label: ' with details for every configuration', dist: result.details.dist }] : [])];
  for (const { label, dist } of sites) {
    out.push(target(`dist/${label} < ${limitText}`, `${megabytes(dist.bytes)} MB (${megabytes(dist.diskBytes)} MB on disk)`, dist.bytes < limitBytes));
    const largest = dist.largestFile;
    out.push(
      target(
        `largest file${label} < 25 MB (one file on Cloudflare Pages)`,
        largest ? `${megabytes(largest.raw)} MB (${largest.path})` : 'no files',
        (largest?.raw ?? 0) < 25 * MB,
      ),
    );
  }
  if (result.detailsFailed) out.push(target('the build with details for every configuration finishes', result.detailsFailed, false));
  return out;
};

/** The issue's targets for one size: those stated for 10,000 up to 10,000, those for 50,000 above. */
export function sizeTargets(result: SizeResult): { heading: string; targets: Target[] } {
  const n = result.size.configurations;
  const build = stageOf(result, 'build');
  const peaks = STAGES.filter((s) => s !== 'reference build').map((s) => stageOf(result, s));
  const highest = peaks.reduce<StageResult | undefined>((a, b) => ((a?.peakRssKb ?? -1) >= (b.peakRssKb ?? -1) ? a : b), undefined);
  const highestKb = highest?.peakRssKb;
  const peakValue = highestKb === undefined ? 'unknown' : `${(highestKb / KB).toFixed(0)} MB (${highest!.stage})`;
  const validate = median(stageOf(result, 'validate+store').ms);
  const refresh = median(stageOf(result, 'unchanged refresh').ms);
  const history = (result.historyDays ?? 1) > 1;
  // Storing one snapshot: 2 s from scratch; 5 s over a year of history.
  const storeLimit = history ? 5000 : 2000;
  const storeTarget = target(
    `validate+store < ${storeLimit / 1000} s${history ? ` over ${result.historyDays - 1} days of history` : ''}`,
    `${seconds(validate)} s`,
    validate < storeLimit,
  );
  const refreshTarget = target('unchanged refresh < 3 s', `${seconds(refresh)} s`, refresh < 3000);
  const targets: Target[] = [];
  let heading: string;
  if (n <= 10_000) {
    heading = n === 10_000 ? 'Targets (10,000 configurations):' : `Targets (stated for 10,000 configurations, applied at ${thousands(n)}):`;
    targets.push(
      target('full build <= 1.5 x the trivial reference', `${result.ratio.toFixed(2)} x`, result.ratio <= 1.5),
      target('full build <= 2 x the trivial reference (the first step)', `${result.ratio.toFixed(2)} x`, result.ratio <= 2),
      storeTarget,
      refreshTarget,
      target(
        'every stage peak RSS < 1 GiB',
        peakValue,
        peaks.every((s) => s.peakRssKb !== undefined && s.peakRssKb * KB < GIB),
      ),
      ...distTargets(result, 100 * MB, '100 MB'),
    );
  } else {
    heading = n === 50_000 ? 'Targets (50,000 configurations):' : `Targets (stated for 50,000 configurations, applied at ${thousands(n)}):`;
    targets.push(
      target(
        'the build completes with peak RSS < 2 GiB (every stage)',
        `${peakValue}; build ${thousands(build.pages ?? 0)} pages`,
        peaks.every((s) => s.peakRssKb !== undefined && s.peakRssKb * KB < 2 * GIB),
      ),
      storeTarget,
      refreshTarget,
      ...distTargets(result, GIB, '1 GB (a GitHub Pages site)'),
    );
  }
  targets.push(...(result.targetBuilds ?? []).filter((b) => b.target !== 'none').map(hostTarget));
  // The history files of the site without a target (every day kept), at 10,000: the issue's budgets for them.
  const everything = (result.targetBuilds ?? []).find((b) => b.target === 'none' && !b.details && b.history);
  if (everything && n === 10_000) {
    const h = everything.history!;
    targets.push(
      target('a first past view (index, names, the largest day) <= 300 KB gzipped', kilobytes(h.firstView.max), h.firstView.max <= 300 * KB),
      target(
        `the whole history (${thousands(h.days)} days) <= 20 MB gzipped, in files every target takes`,
        `${megabytes(h.gzip)} MB in ${thousands(h.files)} files`,
        h.gzip <= 20 * MB,
      ),
    );
  }
  const { index, heaviestPageJs } = result.dist;
  targets.push(
    target('leaderboard first page < 100 KB gzipped HTML', index ? kilobytes(index.gzip) : 'no index.html', index !== undefined && index.gzip < 100 * KB),
    target(
      'no page ships > 20 KB gzipped JavaScript',
      heaviestPageJs ? `${kilobytes(heaviestPageJs.gzip)} (${heaviestPageJs.path})` : '0 KB (no page sampled)',
      (heaviestPageJs?.gzip ?? 0) <= 20 * KB,
    ),
  );
  return { heading, targets };
}

const withDetailsText = (details: boolean) => (details ? ' with details for every configuration' : '');

/** What a re-plan line says the first site was over: "whole site 1,060 MB of 1,000 MB". */
const firstOver = (line: string) => /over its limits \(([^)]*)\)/.exec(line)?.[1] ?? line;

/**
 * A target's first build fits its host: the site is within its limits as first planned, without the
 * second chance a build takes when its site is over them; only vercel-hobby may instead be refused
 * before rendering (issue 30).
 */
export function hostTarget(b: TargetBuild): Target {
  if (b.target === 'none') throw new Error('the build without a target has no host');
  const mayRefuse = b.target === 'vercel-hobby';
  const label = `${b.target}${withDetailsText(b.details)}: the first build is within ${HOST_LIMITS[b.target].name}'s limits${mayRefuse ? ', or refused before rendering' : ''}`;
  const replanned = b.replanned ? `; planned again, its first site over: ${firstOver(b.replanned)}` : '';
  if (b.outcome !== 'built') return target(label, `${b.outcome}: ${b.why ?? ''}${replanned}`, b.outcome === 'refused' && mayRefuse);
  const figures = figuresText(b.measured!);
  return target(label, `${b.over.length ? `${figures}; over: ${b.over.join('; ')}` : figures}${replanned}`, b.over.length === 0 && !b.replanned);
}

/** What a build's host makes of its site: refused or failed, which targets it fits (none), or whether it is within its target's limits, and at the first try. */
function verdict(b: TargetBuild): string {
  if (b.outcome === 'refused') return 'refused before rendering';
  const again = b.replanned ? `planned again (first over: ${firstOver(b.replanned)}); ` : '';
  if (b.outcome === 'failed') return `${again}failed`;
  if (b.target === 'none') return `fits ${b.fits?.join(', ') || 'no target'}`;
  return `${again}${b.over.length ? `over: ${b.over.join('; ')}` : 'fits'}`;
}

/** The targets whose first build did not fit their host, as lines: the bench fails on them. */
export const firstBuildFailures = (results: { sizes: readonly SizeResult[] }): string[] =>
  results.sizes.flatMap((r) =>
    (r.targetBuilds ?? [])
      .filter((b) => b.target !== 'none')
      .map(hostTarget)
      .filter((t) => !t.pass)
      .map((t) => `${thousands(r.size.configurations)} configurations, ${t.label}: ${t.value}`),
  );

const peakMb = (b: TargetBuild) => (b.peakRssKb === undefined ? '?' : (b.peakRssKb / KB).toFixed(0));

/** A target build in one line, for the log as each ends. */
export function targetBuildLine(b: TargetBuild): string {
  const head = `${b.target}${withDetailsText(b.details)}: ${seconds(b.ms)} s, peak ${peakMb(b)} MB`;
  if (b.outcome !== 'built') return `${head}; ${b.outcome}: ${b.why}`;
  return `${head}; ${figuresText(b.measured!)} (estimated: ${b.estimate ? figuresText(b.estimate) : 'none'}); ${verdict(b)}`;
}

/** What was written over what the plan estimated: 1.02 is 2 % more than the estimate. */
const overEstimate = (written: number, estimate: number) => (estimate > 0 ? (written / estimate).toFixed(3) : '');

/**
 * One row per build of one snapshot: the host's limits, the site in the terms hosts limit (MB of
 * 10^6 bytes, as hosts state them) beside the first plan's estimate of its files and bytes and
 * what was written over it, the build's time and memory, and whether the host takes it.
 */
export function targetTable(builds: readonly TargetBuild[]): string {
  const rows = builds.map((b) => {
    const m = b.measured;
    const e = b.estimate;
    return [
      b.target,
      b.target === 'none' ? '(everything rendered)' : limitsText(b.target),
      m ? thousands(m.files) : '',
      e ? thousands(e.files) : '',
      m ? `${m.largestFolder.path}/ ${thousands(m.largestFolder.entries)}` : '',
      m ? `${m.largestFile.path} ${mb(m.largestFile.bytes)}` : '',
      m ? mb(m.bytes) : '',
      e ? mb(e.bytes) : '',
      m && e && !b.replanned ? `${overEstimate(m.files, e.files)}; ${overEstimate(m.bytes, e.bytes)}` : '',
      seconds(b.ms),
      peakMb(b),
      verdict(b),
    ];
  });
  return markdownTable(
    [
      'target',
      "host's limits",
      'files',
      'plan: files',
      'largest folder (entries)',
      'largest file',
      'whole site',
      'plan: site',
      'written / plan: files; bytes',
      'build s',
      'peak RSS MB',
      'verdict',
    ],
    rows,
    ['l', 'l', 'r', 'r', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'l'],
  );
}

/**
 * The files of the leaderboard as it stood, per build: how many, their bytes as published and
 * gzipped, the days kept, and what a visitor's first past view downloads (the index, the names and a
 * day's file; the median day and the largest), gzipped.
 */
export function historyTable(builds: readonly TargetBuild[]): string {
  const rows = builds
    .filter((b) => b.history)
    .map((b) => {
      const h = b.history!;
      return [
        b.target,
        thousands(h.files),
        thousands(h.days),
        mb(h.bytes),
        mb(h.gzip),
        kilobytes(h.namesGzip),
        `${kilobytes(h.dayGzip.median)}; ${kilobytes(h.dayGzip.max)}`,
        `${kilobytes(h.firstView.median)}; ${kilobytes(h.firstView.max)}`,
      ];
    });
  return markdownTable(
    ['target', 'history files', 'days', 'bytes', 'gzipped', 'names.json gz', 'a day gz: median; largest', 'first past view gz: median; largest day'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

/** What each build said last: what its target's limits left out, or (none) which targets the site fits; a refusal's or failure's line. */
export function leftOutLines(builds: readonly TargetBuild[]): string[] {
  return builds.map((b) => {
    if (b.outcome !== 'built') return `- ${b.target}: ${b.outcome}: ${b.why}`;
    if (b.target === 'none') return `- none: ${b.lastLine ?? ''}`;
    return `- ${b.target}: ${b.leftOut ?? `(the build's last line: ${b.lastLine ?? 'none'})`}`;
  });
}

/** By kind of output, what a build made against what its plan estimated: how good DEFAULT_WEIGHTS are. */
export function kindTable(measured: KindedFigures, estimate: KindedFigures): string {
  const rows = OUTPUT_KINDS.map((kind) => {
    const m = measured.kinds[kind];
    const e = estimate.kinds[kind];
    const madeOf = entryOf(kind).files.map((k) => k.name);
    return [
      kind,
      madeOf.join(', '),
      thousands(m.files),
      thousands(Math.round(e.files)),
      mb(m.bytes),
      mb(e.bytes),
      e.bytes > 0 ? (m.bytes / e.bytes).toFixed(2) : '',
    ];
  });
  return markdownTable(
    ['kind of output', 'its pages and files (src/site/plan/output-kinds.ts)', 'files', 'plan: files', 'bytes', 'plan: bytes', 'bytes / plan'],
    rows,
    ['l', 'l', 'r', 'r', 'r', 'r', 'r'],
  );
}

/** Per snapshot (without details, with them): the table of target builds, what each left out, and the everything build's kinds against their plan. */
export function targetSections(builds: readonly TargetBuild[]): string[] {
  const lines: string[] = [];
  for (const details of [false, true]) {
    const these = builds.filter((b) => b.details === details);
    if (!these.length) continue;
    lines.push(
      '',
      `Per deploy target${withDetailsText(details) || ', without details'} (one build each into a fresh folder, none's the build stage's last run; plan: the build's first plan, from DEFAULT_WEIGHTS, as a folder never built has it; a build planned again is not weighed against it):`,
      '',
      targetTable(these),
      '',
      `What was left out${withDetailsText(details)} (each build's last line):`,
      ...leftOutLines(these),
    );
    if (these.some((b) => b.history))
      lines.push(
        '',
        `The leaderboard as it stood (data/history/)${withDetailsText(details)}: files, days kept, bytes as published and gzipped (level 9), and a visitor's first past view (index, names and a day):`,
        '',
        historyTable(these),
      );
    const full = these.find((b) => b.target === 'none' && b.measured && b.estimate) ?? these.find((b) => b.measured && b.estimate);
    if (full) lines.push('', `By kind of output, ${full.target}${withDetailsText(details)}, against its plan:`, '', kindTable(full.measured!, full.estimate!));
  }
  return lines;
}

/** Per page type: files and their sizes without and with details, and the build's time on it (median of the runs). */
export function pageTypeTable(types: readonly PageTypeResult[]): string {
  const kb = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / KB).toFixed(1));
  const mb = (bytes: number | undefined) => (bytes === undefined ? '' : megabytes(bytes));
  const count = (files: number | undefined) => (files === undefined ? '' : thousands(files));
  const time = (t: PageTypeResult) => median(t.ms);
  // Routes of one small file each (the about page, the downloads) are one row: they cost little.
  const minor = (t: PageTypeResult) => t.plain.files <= 1 && (t.withDetails?.files ?? 0) <= 1 && time(t) < 500 && (t.withDetails?.bytes ?? t.plain.bytes) < MB;
  const rows = [...types]
    .filter((t) => !minor(t))
    .sort((a, b) => time(b) - time(a) || b.plain.bytes - a.plain.bytes)
    .map((t) => [
      t.route,
      thousands(t.plain.files),
      kb(t.plain.medianBytes),
      kb(t.plain.largest?.bytes),
      megabytes(t.plain.bytes),
      count(t.withDetails?.files),
      kb(t.withDetails?.medianBytes),
      kb(t.withDetails?.largest?.bytes),
      mb(t.withDetails?.bytes),
      seconds(time(t)),
    ]);
  const rest = types.filter(minor);
  if (rest.length) {
    const details = rest.every((t) => t.withDetails) ? rest.map((t) => t.withDetails!) : undefined;
    rows.push([
      `${rest.length} single files (about, downloads, ...)`,
      thousands(rest.reduce((a, t) => a + t.plain.files, 0)),
      '',
      kb(Math.max(...rest.map((t) => t.plain.largest?.bytes ?? 0))),
      megabytes(rest.reduce((a, t) => a + t.plain.bytes, 0)),
      count(details?.reduce((a, t) => a + t.files, 0)),
      '',
      kb(details && Math.max(...details.map((t) => t.largest?.bytes ?? 0))),
      mb(details?.reduce((a, t) => a + t.bytes, 0)),
      seconds(rest.reduce((a, t) => a + time(t), 0)),
    ]);
  }
  return markdownTable(
    ['page type', 'files', 'median KB', 'largest KB', 'all MB', 'files, details', 'median KB, details', 'largest KB, details', 'all MB, details', 'build s'],
    rows,
    ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
  );
}

/** Build time per page at each larger size against the next smaller one: "no faster than linear" allows 1.2 x. */
export function growthTargets(results: readonly SizeResult[]): Target[] {
  const sorted = [...results].sort((a, b) => a.size.configurations - b.size.configurations);
  const out: Target[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const [small, large] = [sorted[i - 1]!, sorted[i]!];
    const perPage = (r: SizeResult) => median(stageOf(r, 'build').ms) / Math.max(1, stageOf(r, 'build').pages ?? 1);
    const refPerPage = (r: SizeResult) => median(stageOf(r, 'reference build').ms) / Math.max(1, stageOf(r, 'reference build').pages ?? 1);
    const growth = perPage(large) / perPage(small);
    out.push(
      target(
        `build time grows no faster than linearly, ${thousands(small.size.configurations)} -> ${thousands(large.size.configurations)} (per page <= 1.2 x)`,
        `${perPage(small).toFixed(2)} -> ${perPage(large).toFixed(2)} ms per page = ${growth.toFixed(2)} x (reference: ${(refPerPage(large) / refPerPage(small)).toFixed(2)} x)`,
        growth <= 1.2,
      ),
    );
  }
  return out;
}

export const targetLine = (t: Target): string => `- ${t.pass ? 'PASS' : 'FAIL'}  ${t.label}: ${t.value}`;

export function sizeReport(result: SizeResult): string {
  const { size, dist } = result;
  const build = stageOf(result, 'build');
  const reference = stageOf(result, 'reference build');
  const days = result.historyDays ?? 1;
  const lines = [
    `## ${thousands(size.configurations)} configurations × ${thousands(days)} day${days === 1 ? '' : 's'} of history (${thousands(size.benches)} benchmarks, ${thousands(size.tags)} tags; export ${megabytes(result.exportBytes)} MB; ${result.runs} run${result.runs === 1 ? '' : 's'} per stage)`,
    '',
    stageTable(result),
    '',
    `- ratio: build / reference build = ${result.ratio.toFixed(2)} (median ${seconds(median(build.ms))} s / ${seconds(median(reference.ms))} s; ${thousands(build.pages ?? 0)} / ${thousands(reference.pages ?? 0)} pages)`,
    `- snapshot file: ${megabytes(result.snapshotBytes)} MB with ${thousands(days)} daily snapshot${days === 1 ? '' : 's'}${result.details ? `, ${megabytes(result.details.snapshotBytes)} MB with details for every configuration` : ''}${result.history ? ` (the ${thousands(result.history.snapshots)} days before the last imported in one pass in ${seconds(result.history.ms)} s, not a measured stage)` : ''}`,
    `- dist/: ${megabytes(dist.bytes)} MB (${megabytes(dist.diskBytes)} MB on disk), ${thousands(dist.files)} files; largest file ${dist.largestFile ? `${dist.largestFile.path}, ${megabytes(dist.largestFile.raw)} MB` : 'none'}`,
    ...(result.details
      ? [
          `- with details for every configuration (one build, ${seconds(result.details.ms)} s, peak RSS ${result.details.peakRssKb === undefined ? '?' : (result.details.peakRssKb / KB).toFixed(0)} MB): dist/ ${megabytes(result.details.dist.bytes)} MB (${megabytes(result.details.dist.diskBytes)} MB on disk); largest file ${result.details.dist.largestFile ? `${result.details.dist.largestFile.path}, ${megabytes(result.details.dist.largestFile.raw)} MB` : 'none'}; largest page ${result.details.dist.largestPage ? `${result.details.dist.largestPage.path}, ${kilobytes(result.details.dist.largestPage.raw)}` : 'none'}`,
        ]
      : [`- with details for every configuration: ${result.detailsFailed ? `no result: ${result.detailsFailed}` : 'not measured (--skip-details)'}`]),
    ...(result.evidence ? [`- ${evidenceLine(result.evidence)}`] : []),
    ...(result.measures ? [`- ${result.measures}`] : []),
    ...(result.ranges ? [`- ${result.ranges}`] : []),
    ...(result.rank ? rankLines(result.rank) : []),
    `- leaderboard first page (index.html): ${dist.index ? `${kilobytes(dist.index.raw)} raw, ${kilobytes(dist.index.gzip)} gzip` : 'missing'}`,
    `- largest page: ${dist.largestPage ? `${dist.largestPage.path}, ${kilobytes(dist.largestPage.raw)} raw, ${kilobytes(dist.largestPage.gzip)} gzip` : 'none'}`,
    `- JavaScript in _astro/: ${dist.js.files} file${dist.js.files === 1 ? '' : 's'}, ${kilobytes(dist.js.raw)} raw, ${kilobytes(dist.js.gzip)} gzip`,
    `- most JavaScript on one page: ${dist.heaviestPageJs ? `${kilobytes(dist.heaviestPageJs.gzip)} gzip (${dist.heaviestPageJs.path}, ${dist.heaviestPageJs.scripts} script${dist.heaviestPageJs.scripts === 1 ? '' : 's'})` : 'none'}; ${thousands(dist.sampledPages)} of ${thousands(dist.pages)} pages sampled`,
  ];
  const inner = result.stages
    .filter((s) => s.inner && Object.keys(s.inner).length)
    .map(
      (s) =>
        `${s.stage}: ${Object.entries(s.inner!)
          .map(([label, ms]) => `${label} ${seconds(median(ms))} s`)
          .join(', ')}`,
    );
  if (inner.length) lines.push(`- inside the processes (the project's own step times, medians): ${inner.join('; ')}`);
  const helpers = result.stages.filter((s) => s.helperPeak);
  if (helpers.length) {
    lines.push(
      `- helper processes alive at exit (not in peak RSS): ${helpers.map((s) => `${s.stage}: ${s.helperPeak!.name} ${(s.helperPeak!.kb / KB).toFixed(0)} MB`).join('; ')}`,
    );
  }
  if (result.pageTypes?.length)
    lines.push(
      '',
      'Per page type (build s: from its first page line to the next route’s, median of the runs; the first route also loads the site’s data):',
      '',
      pageTypeTable(result.pageTypes),
    );
  if (result.targetBuilds?.length) lines.push(...targetSections(result.targetBuilds));
  const { heading, targets } = sizeTargets(result);
  lines.push('', heading, ...targets.map(targetLine));
  return lines.join('\n');
}

export const machineLine = (m: Machine): string =>
  `machine: node ${m.node}, ${m.cpu}, ${m.cores} cores, ${(m.totalMemBytes / GIB).toFixed(1)} GiB RAM, ${m.platform}, ${m.date}`;

export function fullReport(results: BenchResults): string {
  const parts = ['# Benchmark', '', 'Times are wall time of each process, spawn to exit; MB and KB are 1024-based; gzip is level 9.', ''];
  for (const r of results.sizes) parts.push(sizeReport(r), '');
  const growth = growthTargets(results.sizes);
  if (growth.length) parts.push('Time growth:', ...growth.map(targetLine), '');
  parts.push(machineLine(results.machine));
  return parts.join('\n');
}
