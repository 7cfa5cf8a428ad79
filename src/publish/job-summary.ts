/**
 * What the scheduled workflow tells the maintainer after a run, as Markdown for its job summary
 * ($GITHUB_STEP_SUMMARY): the snapshot's date, what changed, details coverage, the quota spent, whether
 * the snapshot was restored, whether the run stopped to keep the published history (and how to override
 * that), when the copy turns stale, and the built site's figures. Read from the
 * snapshot file, the run report of the snapshot step (`--report`) and the built site; it never fails
 * the run: what it cannot read, it says it could not.
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeCoverage } from '../store/coverage.ts';
import { summarizeSnapshot, withSnapshot, type SnapshotSummary } from '../store/read-snapshot.ts';
import type { RunReport } from '../snapshot/run-report.ts';
import { familyName } from '../site/data/models.ts';
import { readHistory } from '../site/data/history-pass.ts';
import { METHOD_CHANGE_AT } from '../site/settings/config.ts';
import { staleAfter } from '../site/settings/staleness.ts';
import { verdictTable, type DoctorReport } from './doctor/verdict.ts';
import { BUILD_STAMP } from './build-stamp.ts';
import { measureSite } from './site-figures.ts';
import { stateDirFor } from './snapshot-download.ts';
import type { Agreement } from '../site/evidence/agreement.ts';

/** The evidence behind supraScore as the manifest sums it up (src/publish/data-api.ts). */
type ManifestEvidence = Agreement & { rangesShown: boolean; withheld: string | null };

/** How well the mirror's recomputation reproduces supraScore, and whether the site shows likely ranges. */
export function describeEvidence(e: ManifestEvidence): string {
  const agreement =
    e.spearman === null
      ? 'agreement not measured'
      : `rank correlation with supraScore ${e.spearman.toFixed(2)}, ${e.topShared} of the top ${e.top} configurations shared${e.mismatch === null || e.mismatch === undefined ? '' : `, mismatch ${e.mismatch.toFixed(2)} standard errors`}`;
  return `the mirror’s evidence scores for ${n(e.withEvidence)} of ${n(e.configurations)} configurations; ${agreement}; ${e.rangesShown ? 'likely ranges shown' : `no likely ranges: ${e.withheld ?? ''}`}`;
}

export interface SummaryInput {
  /** The exit code of the refresh step. */
  code: number;
  /** The snapshot step's report; undefined when it wrote none (it ended before). */
  report: RunReport | undefined;
  snapshot: string;
  dist: string;
  /** What `npm run doctor` found before the refresh; undefined when it wrote no report. */
  doctor?: DoctorReport | undefined;
  /** STALE_AFTER_HOURS, as the run read it. */
  staleAfterHours: number;
}

/** Counts of models (familyTags) new, removed and moved between the two newest snapshots of history. */
export interface LatestChange {
  generatedAt: number;
  previousGeneratedAt: number | undefined;
  comparable: boolean;
  added: number;
  removed: number;
  moved: number;
}

/** The newest change set, read with the site's own history pass over the two newest snapshots only. */
export function latestChange(snapshot: string): LatestChange | undefined {
  return withSnapshot(snapshot, (reader) => {
    const history = reader.historySnapshots();
    const options = { chartPoints: 2, feedEntries: 1, listed: 0, recentPerModel: 1, methodChangeAt: METHOD_CHANGE_AT, familyName, configurationSeries: false };
    const configurations = reader.configurations();
    const familyOf = new Map(configurations.map((c) => [c.slug, c.familyTag]));
    const since = history[1]?.id ?? history[0]?.id ?? 0;
    const past = readHistory(history, reader.historyNames(), reader.eachHistoryPoint(since), { familyOf, families: new Set(familyOf.values()) }, options);
    const latest = past.changes[0];
    if (!latest) return undefined;
    return {
      generatedAt: latest.generatedAt,
      previousGeneratedAt: latest.previousGeneratedAt,
      comparable: latest.comparable,
      added: latest.models.addedCount,
      removed: latest.models.removedCount,
      moved: latest.models.movedCount,
    };
  });
}

const n = (x: number) => x.toLocaleString('en-US');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const when = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
/** A table cell: no line breaks, no column separators. */
const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** What overrides a stop that kept the published history: a deliberate new history. */
const NEW_HISTORY_OVERRIDE = 'run the workflow by hand with new_history (npm run refresh -- --new-history)';

function describeState(report: RunReport | undefined): string {
  const restore = report?.outcome?.restore;
  if (!report) return 'unknown: the snapshot step wrote no report';
  if (report.historyStop && report.historyStop.kind !== 'shorter') return `**not taken**: ${report.historyStop.why}`;
  if (!report.outcome) return 'unknown: the snapshot step failed';
  if (!restore) return 'not needed: the snapshot was at hand (the Actions cache)';
  if (restore.status === 'restored') {
    return `**restored** from ${restore.from}: the snapshot of ${when(restore.generatedAt)}, ${n(restore.historySnapshots)} snapshots of history, ${n(restore.details)} configurations with details (${mb(restore.downloaded)} in ${restore.parts} part${restore.parts === 1 ? '' : 's'}, ${(restore.ms / 1000).toFixed(1)} s)`;
  }
  if (restore.status === 'none') return `none to restore: ${restore.why}; a new history started`;
  return `**refused**: ${restore.why}`;
}

/** The job summary's Markdown. */
export function jobSummary({ code, report, snapshot, dist, doctor, staleAfterHours }: SummaryInput): string {
  const rows: [string, string][] = [];
  let summary: SnapshotSummary | undefined;
  try {
    if (existsSync(snapshot)) summary = summarizeSnapshot(snapshot);
  } catch {
    summary = undefined;
  }
  const status = report?.outcome?.status;
  const ran =
    status === 'written'
      ? 'a new snapshot written'
      : status === 'fresh'
        ? 'no request made (within the cache lifetime)'
        : status
          ? 'unchanged'
          : 'no snapshot taken';
  if (summary) {
    rows.push([
      'Snapshot',
      `${when(summary.generatedAt)} (generatedAt), fetched ${when(summary.fetchedAt)}; ${n(summary.configurations)} configurations, ${n(summary.benches)} benchmarks, ${n(summary.tags)} tags; this run: ${ran}`,
    ]);
    try {
      const change = latestChange(snapshot);
      rows.push([
        'What changed',
        !change || change.previousGeneratedAt === undefined
          ? 'nothing to compare with: the history holds one snapshot'
          : `${n(change.added)} new models, ${n(change.removed)} removed, ${change.comparable ? `${n(change.moved)} moved` : 'moves not compared (across the 2026-09-17 method change)'}, since the snapshot of ${when(change.previousGeneratedAt)}`,
      ]);
    } catch (err) {
      rows.push(['What changed', `could not be read (${(err as Error).message})`]);
    }
    rows.push(['Details coverage', describeCoverage(summary.coverage)]);
    const ledger = summary.crawl;
    const month = ledger
      ? `${n(ledger.periodRequests)} requests recorded with the snapshot in the quota period${ledger.periodReset ? ` ending ${when(ledger.periodReset)}` : ''}`
      : 'not recorded';
    rows.push(['Quota', `this run: ${report?.outcome ? n(report.outcome.requests) : 'unknown'} requests; this month: ${month}`]);
    rows.push(['Stale after', `${when(staleAfter(summary.generatedAt, staleAfterHours))}: pages tell visitors the copy is out of date from then on`]);
  } else {
    rows.push(['Snapshot', 'none: there is no snapshot file to publish']);
  }
  rows.push(['Restore', describeState(report)]);
  const stop = report?.historyStop;
  if (stop) {
    rows.push([
      'Published history',
      `**kept**: the run stopped rather than replace it (${stop.why}); nothing was written or published. ` +
        `Only if the published history is to be dropped: ${NEW_HISTORY_OVERRIDE}`,
    ]);
  }

  const stamp = readJson(join(dist, BUILD_STAMP));
  if (stamp && existsSync(dist)) {
    const figures = measureSite(dist);
    const folder = figures.largestFolder.path === '.' ? '/' : `${figures.largestFolder.path}/`;
    const manifest = readJson(join(dist, 'data/manifest.json'));
    const db = manifest?.snapshotDb as { parts?: string[]; url?: string } | undefined;
    // Under /data/, or in the folder beside dist/ that the deploy uploads to STATE_URL.
    const beside = stateDirFor(dist);
    const partBytes = (part: string) =>
      [join(dist, 'data', part), join(beside, part)].map((p) => (existsSync(p) ? lstatSync(p).size : 0)).find((b) => b > 0) ?? 0;
    const dbBytes = (db?.parts ?? []).reduce((sum, part) => sum + partBytes(part), 0);
    const where = existsSync(beside) && db?.url ? ` at ${db.url}` : '';
    const target = typeof stamp.target === 'string' ? `deploy target ${stamp.target}; ` : '';
    rows.push([
      'Site',
      `${target}${n(figures.files)} files, ${mb(figures.bytes)}; largest file ${figures.largestFile.path} (${mb(figures.largestFile.bytes)}); largest folder ${folder} (${n(figures.largestFolder.entries)} entries); the snapshot file ${mb(dbBytes)} in ${db?.parts?.length ?? 0} part${db?.parts?.length === 1 ? '' : 's'}${where}; it shows the snapshot of ${String(stamp.generatedAt)}`,
    ]);
    const evidence = manifest?.evidence as ManifestEvidence | undefined;
    if (evidence) rows.push(['Evidence', describeEvidence(evidence)]);
  } else {
    rows.push(['Site', 'no built site']);
  }
  // The setup stopped the run before the refresh: nothing was fetched, built or published.
  const setupFailed = doctor !== undefined && doctor.code !== 0 && !report;
  const title =
    code === 0
      ? 'the snapshot is current and the site shows it'
      : setupFailed
        ? `exit ${code}: the setup check failed (npm run doctor, below); nothing was fetched or published`
        : stop
          ? `exit ${code}: stopped to keep the published history; see the annotation for what to do`
          : `exit ${code}: see the annotation for what to do`;
  const lines = [`### Mirror refresh: ${title}`, '', '| | |', '|---|---|', ...rows.map(([k, v]) => `| ${k} | ${cell(v)} |`), ''];
  // On a failed run, the setup as the doctor found it before the refresh: what to fix is often there.
  if (doctor && (code !== 0 || doctor.code !== 0)) {
    lines.push(`#### The setup, as npm run doctor found it (exit ${doctor.code})`, '', verdictTable(doctor.checks), '');
  }
  return lines.join('\n');
}
