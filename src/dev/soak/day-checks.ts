/**
 * The checks after every run (not only at the end): the refresh's exit code is the contract's for
 * the day's faults; the history holds every day fetched or published, as the API served it, in the
 * runner's snapshot, the published state and the site's history files; the site the host serves is
 * complete and never older than the last deploy; after a successful run it shows the snapshot the run
 * holds; and no key appears in any output or file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Check, DayRecord, SoakContext } from './context.ts';
import type { Seen } from './expect.ts';
import { readState, siteHistory, snapshotHistory } from './histories.ts';
import type { Fault } from './schedule.ts';
import { checkSite, findSecrets } from './site-check.ts';

/** What a site's content is, for the checks a site of the same bytes needs only once. */
function contentDigest(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        hash.update(path.slice(dir.length));
        hash.update(readFileSync(path));
      }
    }
  };
  walk(dir);
  return hash.digest('hex');
}

const siteChecked = new Map<string, string[]>();

const generatedAtOf = (site: string): number | undefined => {
  const path = join(site, 'data/snapshot.json');
  return existsSync(path) ? Date.parse((JSON.parse(readFileSync(path, 'utf8')) as { generatedAt: string }).generatedAt) : undefined;
};

const firstFail = (output: string) => output.split('\n').find((l) => l.startsWith('FAIL')) ?? output.split('\n').find((l) => l.trim()) ?? '';

export function checkDay(ctx: SoakContext, day: { record: DayRecord; outputs: Record<string, string>; seen: Seen; faults: readonly Fault[] }): Check[] {
  const { record } = day;
  const { ledger, host, runner, state } = ctx;
  const checks: Check[] = [];
  const check = (name: string, failures: readonly string[]) => checks.push(failures.length ? { name, failure: failures[0]! } : { name });

  if (record.doctor !== undefined)
    check(
      'the doctor lets the run go',
      record.doctor === '0' ? [] : [`npm run doctor exited ${record.doctor || 'without a code'}: ${firstFail(day.outputs.doctor ?? '')}`],
    );
  if (record.refresh !== undefined && record.expected !== undefined)
    check(
      'exit code',
      Number(record.refresh) === record.expected
        ? []
        : [`refresh exited ${record.refresh || 'without a code'}, the contract gives ${record.expected} for the day's faults`],
    );

  const snapshot = join(runner.project, 'data/snapshot.db');
  let runnerAt: number | undefined;
  if (existsSync(snapshot)) {
    const history = snapshotHistory(snapshot);
    runnerAt = history.at(-1)?.generatedAt;
    check('history: the runner', ledger.observe('runner', record.day, history));
  }

  const joined = join(ctx.work, 'state.db');
  const read = readState(host.release, joined);
  if (read.state === 'damaged' && state.damagedPart) record.notes.push('the published state is damaged (by the soak), until the next state job');
  else if (read.state === 'damaged') check('history: the published state', [`the published state is damaged: ${read.why}`]);
  else if (read.state === 'ok') check('history: the published state', ledger.observe('state', record.day, snapshotHistory(read.file)));

  const served = host.servingPrevious && existsSync(host.previous) ? host.previous : host.site;
  if (existsSync(served)) {
    record.siteAt = new Date(generatedAtOf(served) ?? 0).toISOString();
    const digest = contentDigest(served);
    let failures = siteChecked.get(digest);
    if (!failures) {
      failures = checkSite(served, host.siteUrl, new URL(ctx.sim.url).origin + '/');
      siteChecked.set(digest, failures);
    }
    check('the site is complete', failures);
    const at = generatedAtOf(served);
    if (host.servingPrevious) record.notes.push('the host serves the deploy before the last (the fault), until the next deploy');
    else check('history: the site', ledger.observe('site', record.day, siteHistory(served)));
    if (!host.servingPrevious)
      check(
        'the site is never older',
        at !== undefined && state.lastDeployed !== undefined && at < state.lastDeployed
          ? [`the host serves a site of ${new Date(at).toISOString()}, older than the ${new Date(state.lastDeployed).toISOString()} deployed before`]
          : [],
      );
    if (record.deployed && at !== undefined) state.lastDeployed = Math.max(state.lastDeployed ?? at, at);
    if (record.deployed && record.refresh === '0')
      check(
        'the site shows the run',
        at === runnerAt ? [] : [`after exit 0 the site shows ${new Date(at ?? 0).toISOString()}, the snapshot holds ${new Date(runnerAt ?? 0).toISOString()}`],
      );
  }

  const data = readdirSync(join(runner.project, 'data')).filter((name) => name !== 'sample');
  const dirs = [
    ...data.map((name) => join(runner.project, 'data', name)),
    join(runner.project, 'dist'),
    join(runner.project, 'dist-state'),
    runner.temp,
    runner.cache,
    host.dir,
  ];
  const leaks = findSecrets(state.allKeys, day.outputs, dirs);
  check(
    'the key appears nowhere',
    leaks.map((where) => `a key appears in ${where.replace(ctx.work, '<soak>')}`),
  );
  return checks;
}
