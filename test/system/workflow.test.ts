/**
 * The scheduled rebuild workflow and the CDN headers, read as the files they are: the workflow
 * parsed as YAML and checked against the GitHub workflow schema (offline), the headers with a
 * small `_headers` parser.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { HISTORY_STOPS, type HistoryStop } from '../../src/core/errors.ts';
import { weightsFileFor } from '../../src/publish/build-plan.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { shorterHistory, type HistoryFigures } from '../../src/store/published-history.ts';
import { captureReporter, ROOT } from '../helpers/env.ts';
import { fixtureExport, GENERATED_AT } from '../helpers/fixture.ts';
import { fixtureSnapshot } from '../helpers/site.ts';
import { GITHUB_BASH } from '../../src/dev/soak/workflow.ts';

// A `run:` step's shell as GitHub's runner starts it where the workflow names none (`bash -e {0}`), as the soak runs it
// (GITHUB_BASH): a script file, so bash reads no startup file. Given the script with `-c` instead, bash would read
// ~/.bashrc when its standard input is a socket (Node's pipes are) and no SHLVL is set, as in these steps' small
// environments: on a machine whose ~/.bashrc starts pyenv, that was some 100 processes and 0.1 s of CPU a step.
// `--norc` keeps it out, as the file does.

interface Step {
  id?: string;
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}
interface Job {
  'timeout-minutes'?: number | string;
  env?: Record<string, string>;
  'runs-on'?: string;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  steps: Step[];
  outputs?: Record<string, string>;
}
interface Workflow {
  on: { schedule: { cron: string }[]; workflow_dispatch: { inputs: Record<string, { type: string; default?: unknown }> } };
  concurrency: { group: string; 'cancel-in-progress': boolean };
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
}

/**
 * Each action the workflow uses, at the release it is pinned to: its commit and tag, read from the action's own
 * repository, each a major whose action.yml says `using: node24` (or a composite of such actions: upload-pages-artifact
 * 5 runs upload-artifact 7). A moved tag cannot change what runs beside the key; a bump changes a line here on purpose.
 */
const PINS: Record<string, [sha: string, version: string]> = {
  'actions/checkout': ['3d3c42e5aac5ba805825da76410c181273ba90b1', 'v7.0.1'],
  'actions/setup-node': ['820762786026740c76f36085b0efc47a31fe5020', 'v7.0.0'],
  'actions/cache': ['27d5ce7f107fe9357f9df03efb73ab90386fccae', 'v5.0.5'],
  'actions/configure-pages': ['45bfe0192ca1faeb007ade9deae92b16b8254a0d', 'v6.0.0'],
  'actions/upload-pages-artifact': ['fc324d3547104276b827a68afc52ff2a11cc49c9', 'v5.0.0'],
  'actions/upload-artifact': ['bbbca2ddaa5d8feaa63e36b76fdaad77386f024f', 'v7.0.0'],
  'actions/download-artifact': ['3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c', 'v8.0.1'],
  'actions/deploy-pages': ['cd2ce8fcbc39b97be8ca5fce6e763baed58fa128', 'v5.0.0'],
};

const text = readFileSync(join(ROOT, '.github/workflows/refresh.yml'), 'utf8');
/** The workflow as GitHub reads it: comments are gone, so a commented-out step does not count. */
const workflow = parse(text) as Workflow;
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
const step = (id: string): Step => {
  const found = steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step with id ${id}`);
  return found;
};
/** Every string value of the workflow, wherever it is. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];

describe('.github/workflows/refresh.yml', () => {
  it('passes the GitHub workflow schema with no errors', () => {
    const { errors } = validateWorkflow(text);
    if (errors.length) console.error(JSON.stringify(errors, null, 2));
    expect(errors).toEqual([]);
  });

  it('runs daily on a schedule and by hand, with a force input that adds --force', () => {
    expect(workflow.on.schedule).toHaveLength(1);
    const [minute, hour, ...rest] = workflow.on.schedule[0]!.cron.split(' ');
    expect(rest).toEqual(['*', '*', '*']);
    expect(Number(hour)).toBeGreaterThanOrEqual(0);
    expect(Number(minute)).not.toBe(0);
    expect(workflow.on.workflow_dispatch.inputs.force?.type).toBe('boolean');
    expect(step('refresh').env?.FORCE).toBe('${{ inputs.force }}');
    expect(step('refresh').run).toMatch(/if \[ "\$FORCE" = "true" \]; then args\+=\(--force\); fi/);
  });

  it('exposes the details share as an input (or a variable) and passes it to refresh; 0 turns the crawl off', () => {
    const input = workflow.on.workflow_dispatch.inputs.details_share as { description: string; type: string; default: unknown };
    expect(input).toMatchObject({ type: 'string', default: '' });
    expect(input.description).toMatch(/quota/);
    expect(step('refresh').env?.DETAILS_SHARE).toBe('${{ inputs.details_share || vars.DETAILS_SHARE }}');
    // The step's own shell, with a stand-in npm that prints what it was given.
    const bin = mkdtempSync(join(tmpdir(), 'workflow-'));
    try {
      writeFileSync(join(bin, 'npm'), '#!/bin/sh\nprintf "%s|" "$@"\necho\n', { mode: 0o755 });
      const argsFor = (share: string) =>
        execFileSync('bash', [...GITHUB_BASH, step('refresh').run!], {
          env: { PATH: `${bin}:${process.env.PATH}`, DETAILS_SHARE: share, JOB_MINUTES: '45', GITHUB_OUTPUT: join(bin, 'out'), RUNNER_TEMP: '/runner/temp' },
          encoding: 'utf8',
        }).split('\n')[0];
      // The run report goes where the job summary step reads it.
      const report = 'run|refresh|--|--report|/runner/temp/refresh-report.json|';
      expect(argsFor('')).toBe(report);
      expect(argsFor('0.25')).toBe(`${report}--details-share|0.25|`);
      expect(argsFor('0')).toBe(`${report}--details|0|`);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it('takes a new_history input, off unless set, passed on to refresh, to the fallback build and to the state job', () => {
    expect(workflow.on.workflow_dispatch.inputs.new_history).toMatchObject({ type: 'boolean', default: false });
    for (const id of ['refresh', 'fallback', 'publish-state']) expect(step(id).env?.NEW_HISTORY, id).toBe('${{ inputs.new_history }}');
    const dir = mkdtempSync(join(tmpdir(), 'workflow-'));
    try {
      // The steps' own shells, with a stand-in npm that prints what it was given.
      mkdirSync(join(dir, 'bin'));
      writeFileSync(join(dir, 'bin/npm'), '#!/bin/sh\nprintf "%s|" "$@"\necho\n', { mode: 0o755 });
      const run = (id: string, newHistory: string) =>
        execFileSync('bash', [...GITHUB_BASH, step(id).run!], {
          cwd: dir,
          env: {
            PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
            NEW_HISTORY: newHistory,
            JOB_MINUTES: '45',
            GITHUB_OUTPUT: join(dir, 'out'),
            RUNNER_TEMP: dir,
          },
          encoding: 'utf8',
        }).split('\n')[0];
      expect(run('refresh', 'true')).toBe(`run|refresh|--|--report|${dir}/refresh-report.json|--new-history|`);
      expect(run('refresh', 'false')).toBe(`run|refresh|--|--report|${dir}/refresh-report.json|`);
      // The fallback builds a snapshot at hand whose site is missing.
      mkdirSync(join(dir, 'data'));
      writeFileSync(join(dir, 'data/snapshot.db'), '');
      expect(run('fallback', 'true')).toBe('run|build|--|--new-history|');
      expect(run('fallback', '')).toBe('run|build|--|');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says in the refresh step's annotation when a run stopped to keep the published history, what to do, and how to override it", () => {
    const dir = mkdtempSync(join(tmpdir(), 'workflow-'));
    try {
      mkdirSync(join(dir, 'bin'));
      // A stand-in npm that ends as the refresh would, leaving its report.
      writeFileSync(join(dir, 'bin/npm'), '#!/bin/sh\nprintf "%s" "$REPORT" > "$RUNNER_TEMP/refresh-report.json"\nexit "$CODE"\n', { mode: 0o755 });
      const annotate = (code: number, report: unknown) =>
        execFileSync('bash', [...GITHUB_BASH, step('refresh').run!], {
          env: {
            PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
            JOB_MINUTES: '45',
            GITHUB_OUTPUT: join(dir, 'out'),
            RUNNER_TEMP: dir,
            CODE: String(code),
            REPORT: JSON.stringify(report),
          },
          encoding: 'utf8',
        }).trim();
      const override = 'Only if the published history is to be dropped: run the workflow by hand with new_history (npm run refresh -- --new-history).';
      const cases: [HistoryStop, number, RegExp][] = [
        [
          'checksum',
          7,
          /^::warning title=Published history kept \(exit 7\)::The published snapshot file did not match its manifest, .*the next run tries again\./,
        ],
        ['store-version', 1, /^::error title=Published history kept \(exit 1\)::.*store version.*Update the checkout\./],
        ['damaged', 1, /^::error title=Published history kept \(exit 1\)::The published snapshot file is damaged;.*publish it again/i],
        ['key-text', 1, /^::error title=Published history kept \(exit 1\)::.*Rotate the key/],
        ['shorter', 1, /^::error title=Published history kept \(exit 1\)::This run's snapshot holds a shorter history .*delete this workflow's Actions cache/],
      ];
      expect(cases.map(([kind]) => kind).sort()).toEqual([...HISTORY_STOPS].sort());
      for (const [kind, code, line] of cases) {
        const out = annotate(code, { code, historyStop: { kind, why: `why ${kind}` } });
        expect(out, kind).toMatch(line);
        expect(out, kind).toContain(override);
        expect(out.split('\n'), kind).toHaveLength(1);
      }
      // Anything else in the report is never echoed: the exit code's own annotation.
      expect(annotate(1, { code: 1, historyStop: { kind: 'x::error title=y::z', why: 'w' } })).toMatch(/^::error title=Refresh failed \(exit 1\)::/);
      expect(annotate(7, { code: 7 })).toMatch(/^::warning title=Network \(exit 7\)::/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("fits the run's deadlines in the job's limit, with the build and the upload after them", () => {
    const MINUTE = 60_000;
    /**
     * The build at 10,000 configurations x 365 days with details for every configuration: 161.84 s, measured by
     * `npm run bench -- --sizes 10000 --history-days 365` (README, Performance; dc67ff7).
     */
    const BUILD_MINUTES_10K = 161.84 / 60;
    /**
     * At 50,000 x 365 the same bench measured 250.21 s without details; with details it was not measured (the
     * details file is past the snapshot command's limit). An estimate: scaled by the ratio at 10,000 with and
     * without details, 161.84 s / 54.69 s = 2.96, so 740 s.
     */
    const BUILD_MINUTES_50K = (250.21 * 161.84) / 54.69 / 60;
    /** Estimates, not measured: checkout, npm ci and the cache's restore before the refresh; its validate and stores. */
    const SETUP_MINUTES = 5;
    const STORE_MINUTES = 1;
    /** The cache's save and the Pages artifact's upload after the refresh: up to 10 minutes. */
    const PUBLISH_MINUTES = 10;
    /** What must be left over: a tenth of the job. */
    const SPARE = 0.1;

    /** The job's limit as written, and its default when the JOB_MINUTES variable is not set. */
    const limit = String(workflow.jobs.build!['timeout-minutes']);
    const defaultMinutes = Number(/^\$\{\{ fromJSON\(vars\.JOB_MINUTES \|\| '(\d+)'\) \}\}$/.exec(limit)?.[1]);

    /** The deadlines the refresh step's own shell exports for a job of `minutes`, read by a stand-in npm. */
    function deadlinesFor(minutes: string): { exportMs: number; detailsMs: number; code: number } {
      const bin = mkdtempSync(join(tmpdir(), 'workflow-'));
      try {
        writeFileSync(join(bin, 'npm'), '#!/bin/sh\necho "$RANKING_DEADLINE_MS $RANKING_DETAILS_DEADLINE_MS"\n', { mode: 0o755 });
        const env = { PATH: `${bin}:${process.env.PATH}`, JOB_MINUTES: minutes, GITHUB_OUTPUT: join(bin, 'out') };
        try {
          const [exportMs, detailsMs] = execFileSync('bash', [...GITHUB_BASH, step('refresh').run!], { env, encoding: 'utf8', stdio: 'pipe' })
            .split('\n')[0]!
            .split(' ')
            .map(Number);
          return { exportMs: exportMs!, detailsMs: detailsMs!, code: 0 };
        } catch (err) {
          return { exportMs: NaN, detailsMs: NaN, code: (err as { status: number }).status };
        }
      } finally {
        rmSync(bin, { recursive: true, force: true });
      }
    }

    /** The worst case of a run in minutes: both deadlines spent in full, then everything after them. */
    function worstCase(minutes: number, buildMinutes: number) {
      const { exportMs, detailsMs } = deadlinesFor(String(minutes));
      const used = exportMs / MINUTE + detailsMs / MINUTE + SETUP_MINUTES + STORE_MINUTES + buildMinutes + PUBLISH_MINUTES;
      return { exportMs, detailsMs, used, spare: minutes - used };
    }

    it('reads the limit from the JOB_MINUTES variable in the job and in the refresh step alike, with one default', () => {
      expect(defaultMinutes).toBeGreaterThan(0);
      expect(step('refresh').env?.JOB_MINUTES).toBe(`\${{ vars.JOB_MINUTES || '${defaultMinutes}' }}`);
    });

    it('at the default limit, 10,000 configurations: the export and the crawl, then the build and the upload, with a tenth to spare', () => {
      const run = worstCase(defaultMinutes, BUILD_MINUTES_10K);
      // 45 minutes: 5 for the export, 15 for the crawl (more than its default budget of ten minutes of requests), 6.3 to spare.
      expect(run.exportMs).toBe((defaultMinutes * MINUTE) / 9);
      expect(run.detailsMs).toBe((defaultMinutes * MINUTE) / 3);
      expect(run.detailsMs).toBeGreaterThan(10 * MINUTE);
      expect(run.spare).toBeGreaterThanOrEqual(SPARE * defaultMinutes);
    });

    it('at 65 minutes, as the README asks for 50,000 configurations: the same shares fit the estimated build', () => {
      const run = worstCase(65, BUILD_MINUTES_50K);
      expect(run.spare).toBeGreaterThanOrEqual(SPARE * 65);
      // The default limit would not: the build alone is about twelve minutes there.
      expect(worstCase(defaultMinutes, BUILD_MINUTES_50K).spare).toBeLessThan(SPARE * defaultMinutes);
    });

    it('refuses a JOB_MINUTES that is not a whole number of minutes before running anything', () => {
      for (const bad of ['', '45.5', 'forty', '0']) expect(deadlinesFor(bad).code, bad).toBe(1);
    });
  });

  it('never runs two at once, and grants only what each job needs', () => {
    expect(workflow.concurrency['cancel-in-progress']).toBe(false);
    expect(workflow.concurrency.group).toBeTruthy();
    expect(workflow.permissions).toEqual({ contents: 'read' });
    // Only the deploy job may write to Pages and mint an OIDC token; only the keepalive job may change the workflow's
    // state; only the state job may write to the repository (its release), and it sees no secret.
    expect(workflow.jobs.deploy?.permissions).toEqual({ pages: 'write', 'id-token': 'write' });
    expect(workflow.jobs.keepalive?.permissions).toEqual({ actions: 'write' });
    expect(workflow.jobs.state?.permissions).toEqual({ contents: 'write' });
    expect(strings(workflow.jobs.state).join('\n')).not.toContain('secrets.');
    for (const [name, job] of Object.entries(workflow.jobs)) {
      if (name === 'deploy' || name === 'keepalive' || name === 'state') continue;
      expect(Object.values(job.permissions ?? {}), name).not.toContain('write');
    }
  });

  it('reads the key only from secrets.RANKING_API_KEY, in the setup check and the refresh steps only, and never prints the environment', () => {
    const withSecrets = steps.filter((s) => strings(s).some((v) => v.includes('secrets.')));
    expect(withSecrets.map((s) => s.id)).toEqual(['doctor', 'refresh']);
    for (const id of ['doctor', 'refresh']) expect(step(id).env?.RANKING_API_KEY, id).toBe('${{ secrets.RANKING_API_KEY }}');
    // The shell never expands it: only the refresh tool reads it, from its environment.
    for (const s of steps) expect(s.run ?? '').not.toMatch(/\$\{?RANKING_API_KEY|set -x|set -o xtrace|printenv|^\s*env\s*$/m);
    expect(strings(workflow).join('\n')).not.toMatch(/toJSON\((secrets|env)\)/);
    // The doctor checks the settings the refresh runs with, read from the same places.
    for (const name of ['RANKING_API_URL', 'SITE_URL', 'ATTRIBUTION_URL', 'ATTRIBUTION_NAME']) {
      expect(step('refresh').env?.[name]).toMatch(new RegExp(`^\\$\\{\\{ vars\\.${name}\\b`));
      expect(step('doctor').env?.[name], name).toBe(step('refresh').env?.[name]);
    }
  });

  it('restores and saves the snapshot, the site and the weights its plan measured between runs with a new key each run', () => {
    const restore = step('snapshot-cache');
    const save = step('save-cache');
    expect(restore.uses).toBe(`actions/cache/restore@${PINS['actions/cache']![0]}`);
    expect(save.uses).toBe(`actions/cache/save@${PINS['actions/cache']![0]}`);
    // The build keeps its measured weights beside the folder it built: the next run's plan reads them from there.
    expect(weightsFileFor('dist')).toBe('.dist.weights.json');
    for (const cache of [restore, save]) {
      expect(String(cache.with?.path).trim().split('\n')).toEqual(['data/snapshot.db', 'data/snapshot.db.state.json', 'dist', weightsFileFor('dist')]);
      expect(cache.with?.key).toMatch(/^snapshot-\$\{\{ github\.run_id \}\}/);
    }
    expect(save.with?.key).toBe(restore.with?.key);
    expect(restore.with?.['restore-keys']).toBe('snapshot-');
  });

  it('saves the snapshot for the next run once the refresh ran, also when it or the job failed: a day it fetched or published is kept', () => {
    // A regression found by npm run soak: with the cache saved by actions/cache's post step, only after a successful
    // job, a run killed as it swapped its site in published that day through the fallback and lost it from the cache;
    // the next run started from the day before and published a history without it.
    const save = step('save-cache');
    expect(save.if).toBe(
      "${{ always() && (steps.refresh.outcome == 'success' || steps.refresh.outcome == 'cancelled') && hashFiles('data/snapshot.db') != '' }}",
    );
    const ids = workflow.jobs.build!.steps.map((s) => s.id);
    // After the fallback's build (its site is saved too), before anything is uploaded.
    expect(ids.indexOf('save-cache')).toBeGreaterThan(ids.indexOf('fallback'));
    expect(workflow.jobs.build!.steps.findIndex((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))).toBeGreaterThan(ids.indexOf('save-cache'));
    // No action of the job saves the cache only after a successful job any more.
    expect(workflow.jobs.build!.steps.filter((s) => s.uses?.startsWith('actions/cache@'))).toEqual([]);
  });

  it('runs npm run refresh with the Node of .nvmrc (24) and npm ci, and explains every exit code of the contract', () => {
    const build = workflow.jobs.build!.steps;
    expect(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()).toBe('24');
    // The version file, and no npm cache in the job that holds the key.
    expect(build.find((s) => s.uses?.startsWith('actions/setup-node@'))?.with).toEqual({ 'node-version-file': '.nvmrc' });
    expect(build.some((s) => s.run === 'npm ci')).toBe(true);
    const refresh = step('refresh').run!;
    expect(refresh).toMatch(/npm run refresh -- "\$\{args\[@\]\}"/);
    expect(refresh).toMatch(/set \+e/);
    for (const code of [2, 3, 4, 6]) expect(refresh).toMatch(new RegExp(`\\n\\s+${code}\\) echo "::error title=[^"]*::`));
    for (const code of [5, 7]) expect(refresh).toMatch(new RegExp(`\\n\\s+${code}\\) echo "::warning title=[^"]*::`));
    expect(refresh).toMatch(/3\) [^\n]*(Rotate|replace)[^\n]*RANKING_API_KEY/);
    expect(refresh).toMatch(/4\) [^\n]*resets[^\n]*Not retried/);
    expect(refresh).toMatch(/6\) [^\n]*changelog[^\n]*allow_shrink/);
  });

  it('rebuilds the restored snapshot when the fetch fails, and fails clearly when there is none', () => {
    const fallback = step('fallback');
    expect(fallback.if).toBe("steps.refresh.outputs.code != '' && steps.refresh.outputs.code != '0' && steps.refresh.outputs.code != '1'");
    expect(fallback.run).toMatch(/if \[ ! -f data\/snapshot\.db \]; then\n\s+echo "::error[^\n]*\n\s+exit 1\n\s*fi\n/);
    expect(fallback.run).toMatch(/if \[ ! -f dist\/data\/snapshot\.json \]; then npm run build -- "\$\{args\[@\]\}"; fi/);
    // Transient failures (5, 7) stay green; the others turn the run red after publishing the last good site.
    const fail = workflow.jobs.build!.steps.find((s) => s.run?.includes('exit 1') && s.if?.includes("!= '5'"));
    expect(fail?.if).toBe(
      "steps.doctor.outputs.code != '0' || (steps.refresh.outputs.code != '0' && steps.refresh.outputs.code != '5' && steps.refresh.outputs.code != '7')",
    );
  });

  it('uploads dist/ for Pages and deploys it unless DEPLOY_PAGES is false', () => {
    const upload = steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'));
    expect(upload?.with).toEqual({ path: 'dist' });
    const deploy = workflow.jobs.deploy!;
    expect(deploy.needs).toEqual(['build', 'state']);
    expect(deploy.if).toBe("${{ !cancelled() && needs.build.outputs.site == 'true' && vars.DEPLOY_PAGES != 'false' && needs.state.result != 'failure' }}");
    expect(deploy.steps.map((s) => s.uses)).toContain(`actions/deploy-pages@${PINS['actions/deploy-pages']![0]}`);
    expect((deploy as unknown as { environment: { name: string } }).environment.name).toBe('github-pages');
  });

  describe('keeps the snapshot file of a GitHub Pages mirror in a release, out of the 1 GB site', () => {
    it('sets STATE_URL to the release mirror-state on GitHub Pages, to the variable when set, and to nothing for another target or STATE_URL=site', () => {
      expect(workflow.jobs.build!.env?.STATE_URL).toBe(
        "${{ vars.STATE_URL != 'site' && (vars.STATE_URL || ((vars.DEPLOY_TARGET || 'github-pages') == 'github-pages' && format('{0}/{1}/releases/download/mirror-state/', github.server_url, github.repository))) || '' }}",
      );
      // On the job: the refresh restores from it and every build of the job publishes there.
      for (const s of steps) expect(s.env?.STATE_URL, s.name).toBeUndefined();
    });

    it('hands dist-state/ from the build job to the state job, which alone writes to the repository, before the deploy', () => {
      expect(step('state').if).toBe(
        "(steps.refresh.outputs.code == '0' || steps.fallback.outcome == 'success') && hashFiles('dist-state/manifest.json') != ''",
      );
      expect(workflow.jobs.build!.outputs?.state).toBe('${{ steps.state.outputs.ready }}');
      const upload = workflow.jobs.build!.steps.find((s) => s.uses?.startsWith('actions/upload-artifact@'));
      expect(upload?.with).toMatchObject({ name: 'mirror-state-${{ github.run_attempt }}', path: 'dist-state' });
      const job = workflow.jobs.state!;
      expect(job.needs).toBe('build');
      expect(job.if).toBe("${{ !cancelled() && needs.build.outputs.state == 'true' }}");
      expect(job.steps[0]).toMatchObject({
        uses: `actions/download-artifact@${PINS['actions/download-artifact']![0]}`,
        with: { name: 'mirror-state-${{ github.run_attempt }}', path: 'dist-state' },
      });
    });

    describe("the state job, run by the step's own shell against a stand-in gh on a folder standing for the release", () => {
      const DAY = 86_400_000;
      const T = Date.UTC(2026, 10, 16, 6);
      /** A state of `figures`, its parts named after `tag`, as a build leaves it in dist-state/. */
      const stateOf = (tag: string, parts: number, figures: HistoryFigures) => {
        const names = Array.from({ length: parts }, (_, i) => (parts === 1 ? `snapshot-${tag}.db.gz` : `snapshot-${tag}.db.gz.part-00${i + 1}`));
        const snapshotDb = {
          parts: names,
          historySnapshots: figures.snapshots,
          historyFrom: figures.from === undefined ? null : new Date(figures.from).toISOString(),
          historyLimit: figures.limit ?? null,
          sample: figures.sample,
        };
        return { names, manifest: { snapshotDb, files: names.map((path) => ({ path, bytes: 1, sha256: '0'.repeat(64) })) } };
      };
      const year: HistoryFigures = { snapshots: 365, from: T - 364 * DAY, limit: 365, sample: false };

      /** A stand-in release: gh as the step calls it, every call logged; the step's own shell publishes a state into it. */
      function standIn() {
        const dir = mkdtempSync(join(tmpdir(), 'workflow-state-'));
        const release = join(dir, 'release');
        const log = join(dir, 'gh.log');
        const bin = join(dir, 'bin');
        mkdirSync(bin);
        mkdirSync(join(dir, 'runner-temp'));
        writeFileSync(
          join(bin, 'gh'),
          [
            '#!/bin/bash',
            `echo "$*" >> "${log}"`,
            `R="${release}"`,
            'case "$1 $2" in',
            '  "release view") if [ "$4" = "--json" ]; then ls "$R"; else [ -d "$R" ]; fi ;;',
            '  "release create") mkdir "$R" ;;',
            '  "release download") [ "$4 $5 $6" = "--pattern manifest.json --dir" ] && cp "$R/manifest.json" "$7/" ;;',
            '  "release upload") cp "$4" "$R/" ;;',
            '  "release delete-asset") rm "$R/$4" ;;',
            '  *) exit 9 ;;',
            'esac',
          ].join('\n'),
          { mode: 0o755 },
        );
        const publish = (state: ReturnType<typeof stateOf>, newHistory = '') => {
          const folder = join(dir, 'dist-state');
          rmSync(folder, { recursive: true, force: true });
          mkdirSync(folder);
          for (const p of state.names) writeFileSync(join(folder, p), p);
          writeFileSync(join(folder, 'manifest.json'), JSON.stringify(state.manifest));
          rmSync(log, { force: true });
          try {
            const stdout = execFileSync('bash', [...GITHUB_BASH, step('publish-state').run!], {
              cwd: dir,
              env: { PATH: `${bin}:${process.env.PATH}`, GH_REPO: 'o/r', RUNNER_TEMP: join(dir, 'runner-temp'), NEW_HISTORY: newHistory },
              encoding: 'utf8',
              stdio: 'pipe',
            });
            return { code: 0, stdout };
          } catch (err) {
            const e = err as { status: number; stdout: string };
            return { code: e.status, stdout: e.stdout };
          }
        };
        const calls = () => readFileSync(log, 'utf8').trim().split('\n');
        const assets = () => (existsSync(release) ? readdirSync(release).sort() : []);
        return { dir, release, publish, calls, assets, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
      }

      it('creates the release once; reads the live manifest first, then uploads the new parts, then the manifest, then deletes only the parts neither manifest names', () => {
        const gh = standIn();
        try {
          const first = stateOf('aaaaaaaaaaaa', 2, { ...year, snapshots: 363, limit: 400 });
          expect(gh.publish(first).stdout).toContain('2 part(s)');
          expect(gh.calls().filter((c) => c.startsWith('release create'))).toHaveLength(1);
          expect(gh.assets()).toEqual(['manifest.json', ...first.names]);
          // The next: the previous manifest's parts stay, so a restore that read it before the switch still finds them.
          const second = stateOf('bbbbbbbbbbbb', 1, { ...year, snapshots: 364, limit: 400 });
          expect(gh.publish(second).code).toBe(0);
          let c = gh.calls();
          const at = (prefix: string) => c.findIndex((x) => x.startsWith(prefix));
          expect(c.some((x) => x.startsWith('release create'))).toBe(false);
          expect(at('release download mirror-state --pattern manifest.json')).toBeGreaterThanOrEqual(0);
          expect(at('release download mirror-state')).toBeLessThan(at('release upload'));
          expect(at('release upload mirror-state dist-state/snapshot-bbbbbbbbbbbb')).toBeLessThan(at('release upload mirror-state dist-state/manifest.json'));
          expect(gh.assets()).toEqual(['manifest.json', ...first.names, ...second.names].sort());
          expect(readFileSync(join(gh.release, 'manifest.json'), 'utf8')).toContain('bbbbbbbbbbbb');
          // The one after: the first's parts, named by neither manifest now, go once the new manifest is live.
          const third = stateOf('cccccccccccc', 1, { ...year, snapshots: 365, limit: 400 });
          expect(gh.publish(third).code).toBe(0);
          c = gh.calls();
          expect(at('release upload mirror-state dist-state/manifest.json')).toBeLessThan(at('release delete-asset mirror-state snapshot-aaaaaaaaaaaa'));
          expect(c.filter((x) => x.startsWith('release delete-asset'))).toHaveLength(2);
          expect(gh.assets()).toEqual(['manifest.json', ...second.names, ...third.names].sort());
        } finally {
          gh.cleanup();
        }
      });

      it('refuses a shorter history than the live one before uploading or deleting anything, saying how to keep or drop it; the new_history input publishes it', () => {
        const gh = standIn();
        try {
          const live = stateOf('aaaaaaaaaaaa', 2, year);
          expect(gh.publish(live).code).toBe(0);
          const before = gh.assets().map((a) => [a, readFileSync(join(gh.release, a), 'utf8')]);
          const day = stateOf('bbbbbbbbbbbb', 1, { snapshots: 1, from: T + DAY, limit: 365, sample: false });
          const refused = gh.publish(day);
          expect(refused.code).toBe(1);
          expect(refused.stdout).toMatch(
            /^::error title=Published history kept::Not replacing the state in the release mirror-state: it holds 1 snapshots of history, fewer than the 365 published\. Nothing was uploaded or deleted, .*delete this workflow's Actions cache.*run the workflow by hand with new_history \(npm run refresh -- --new-history\)\.$/m,
          );
          expect(gh.calls().filter((x) => /^release (upload|delete-asset|create)/.test(x))).toEqual([]);
          expect(gh.assets().map((a) => [a, readFileSync(join(gh.release, a), 'utf8')])).toEqual(before);
          const forced = gh.publish(day, 'true');
          expect(forced.code).toBe(0);
          expect(readFileSync(join(gh.release, 'manifest.json'), 'utf8')).toContain('bbbbbbbbbbbb');
        } finally {
          gh.cleanup();
        }
      });

      it('holds a state to the live one by the rule the build uses (src/store/published-history.ts)', () => {
        const cases: [HistoryFigures, HistoryFigures][] = [
          [{ snapshots: 366, from: year.from, limit: 400, sample: false }, year],
          // A full history a day on: its first day moved, as every day.
          [{ snapshots: 365, from: year.from! + DAY, limit: 365, sample: false }, year],
          [{ snapshots: 364, from: year.from, limit: 365, sample: false }, year],
          // As many snapshots, taken since, below its limit.
          [
            { snapshots: 30, from: T - 5 * DAY, limit: 365, sample: false },
            { snapshots: 30, from: T - 29 * DAY, limit: 365, sample: false },
          ],
          // Over the sample, and over a manifest of an older build that lacks the first day and the limit.
          [
            { snapshots: 1, from: T, limit: 365, sample: false },
            { snapshots: 2, from: T - DAY, limit: 365, sample: true },
          ],
          [
            { snapshots: 365, from: T, limit: 365, sample: false },
            { snapshots: 365, from: undefined, limit: undefined, sample: false },
          ],
          [
            { snapshots: 2, from: T, limit: 365, sample: false },
            { snapshots: 365, from: undefined, limit: undefined, sample: false },
          ],
        ];
        for (const [i, [next, live]] of cases.entries()) {
          const gh = standIn();
          try {
            expect(gh.publish(stateOf('aaaaaaaaaaaa', 1, live)).code).toBe(0);
            const r = gh.publish(stateOf('bbbbbbbbbbbb', 1, next));
            expect(r.code === 1, `case ${i}: ${r.stdout}`).toBe(shorterHistory(next, live) !== undefined);
          } finally {
            gh.cleanup();
          }
        }
      });
    });
  });

  it('builds for GitHub Pages, the host it deploys to, unless the DEPLOY_TARGET variable names another', () => {
    expect(workflow.jobs.build!.env?.DEPLOY_TARGET).toBe("${{ vars.DEPLOY_TARGET || 'github-pages' }}");
    // Set on the job, so the fallback build of the last good snapshot fits the same host as the refresh.
    for (const s of steps) expect(s.env?.DEPLOY_TARGET, s.name).toBeUndefined();
  });

  describe('keeps its schedule alive without a commit', () => {
    const keepalive = workflow.jobs.keepalive!;
    /** The keepalive step's own shell, with a stand-in gh that records its arguments and token, or fails. */
    function runKeepalive(ghExit: number) {
      const bin = mkdtempSync(join(tmpdir(), 'workflow-'));
      try {
        writeFileSync(join(bin, 'gh'), `#!/bin/sh\necho "$GH_TOKEN $*" > "${join(bin, 'calls')}"\nexit ${ghExit}\n`, { mode: 0o755 });
        const env = {
          PATH: `${bin}:${process.env.PATH}`,
          GH_TOKEN: 'the-job-token',
          GITHUB_REPOSITORY: 'someone/mirror',
          GITHUB_WORKFLOW_REF: 'someone/mirror/.github/workflows/refresh.yml@refs/heads/main',
        };
        try {
          const stdout = execFileSync('bash', [...GITHUB_BASH, step('keepalive').run!], { env, encoding: 'utf8', stdio: 'pipe' });
          return { code: 0, stdout, calls: readFileSync(join(bin, 'calls'), 'utf8').trim() };
        } catch (err) {
          const e = err as { status: number; stdout: string };
          return { code: e.status, stdout: e.stdout, calls: readFileSync(join(bin, 'calls'), 'utf8').trim() };
        }
      } finally {
        rmSync(bin, { recursive: true, force: true });
      }
    }

    it('re-enables this workflow through the Actions API on every scheduled run, with the job token and actions: write only', () => {
      expect(workflow.on.schedule.length).toBeGreaterThan(0);
      expect(keepalive.if).toBe("github.event_name == 'schedule'");
      expect(keepalive.permissions).toEqual({ actions: 'write' });
      expect(step('keepalive').env).toEqual({ GH_TOKEN: '${{ github.token }}' });
      // The workflow's own file, named from the run: the PUT that restarts the 60-day count.
      expect(runKeepalive(0)).toMatchObject({ code: 0, calls: 'the-job-token api --method PUT repos/someone/mirror/actions/workflows/refresh.yml/enable' });
    });

    it('fails with an annotation that says why when the API refuses, and commits nothing anywhere', () => {
      const failed = runKeepalive(1);
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(/^::error title=Keepalive::.*actions: write.*60 days/m);
      expect(workflow.permissions).toEqual({ contents: 'read' });
      for (const s of steps) expect(s.run ?? '').not.toMatch(/git (commit|push)/);
    });
  });

  describe('checks the setup first, with npm run doctor', () => {
    it('runs it after the install, the cache and the Pages address, right before the refresh, which runs only when it passed', () => {
      const build = workflow.jobs.build!.steps;
      const at = (id: string) => build.findIndex((s) => s.id === id);
      expect(at('doctor')).toBeGreaterThan(at('snapshot-cache'));
      expect(at('doctor')).toBeGreaterThan(at('pages'));
      expect(at('doctor')).toBeGreaterThan(build.findIndex((s) => s.run === 'npm ci'));
      expect(at('refresh')).toBe(at('doctor') + 1);
      expect(step('refresh').if).toBe("steps.doctor.outputs.code == '0'");
      // It asks the API nothing: the quota is the refresh's.
      expect(step('doctor').run).not.toContain('--online');
    });

    it("a setup that would fail: the doctor's lines and an annotation in the log, its code for the steps after, its table in the job summary, run by the steps' own shells", () => {
      const dir = mkdtempSync(join(tmpdir(), 'workflow-doctor-'));
      try {
        const temp = join(dir, 'runner-temp');
        mkdirSync(temp);
        // A stand-in npm that runs the real scripts with what each step passes after `run NAME --silent --`.
        const bin = join(dir, 'bin');
        mkdirSync(bin);
        const node = `"${process.execPath}" --import "${join(ROOT, 'scripts/supported-node.mjs')}"`;
        writeFileSync(
          join(bin, 'npm'),
          `#!/bin/sh\ncase "$1 $2 $3 $4" in\n` +
            `  "run doctor --silent --") shift 4; exec ${node} "${join(ROOT, 'scripts/doctor.ts')}" "$@" ;;\n` +
            `  "run job-summary --silent --") shift 4; exec ${node} "${join(ROOT, 'scripts/job-summary.ts')}" "$@" ;;\n` +
            'esac\nexit 9\n',
          { mode: 0o755 },
        );
        const output = join(dir, 'output');
        // No key, no API address, no SITE_URL: what a first run of a fresh fork has.
        const log = execFileSync('bash', [...GITHUB_BASH, step('doctor').run!], {
          cwd: ROOT,
          env: { PATH: `${bin}:${process.env.PATH}`, HOME: process.env.HOME, RUNNER_TEMP: temp, GITHUB_OUTPUT: output },
          encoding: 'utf8',
          stdio: 'pipe',
        });
        expect(readFileSync(output, 'utf8')).toBe('code=2\n');
        expect(log).toMatch(/^FAIL  RANKING_API_KEY  is not set — /m);
        expect(log).toMatch(/^doctor: \d+ of \d+ checks fail.*: a scheduled run would fail \(exit 2, the first failure's\)/m);
        expect(log.trimEnd().split('\n').at(-1)).toMatch(/^::error title=Setup \(exit 2\)::npm run doctor found what a scheduled run needs and lacks/);

        const summaryFile = join(dir, 'step-summary.md');
        execFileSync('bash', [...GITHUB_BASH, step('summary').run!], {
          cwd: dir,
          env: { PATH: `${bin}:${process.env.PATH}`, CODE: '2', RUNNER_TEMP: temp, GITHUB_STEP_SUMMARY: summaryFile },
          stdio: 'pipe',
        });
        const summary = readFileSync(summaryFile, 'utf8');
        expect(summary).toMatch(/^### Mirror refresh: exit 2: the setup check failed \(npm run doctor, below\); nothing was fetched or published$/m);
        expect(summary).toContain('#### The setup, as npm run doctor found it (exit 2)');
        expect(summary).toContain('| | check | found | what to do |');
        expect(summary).toMatch(/^\| \*\*FAIL\*\* \| RANKING_API_KEY \| is not set \| put the key in /m);
        expect(summary).toMatch(/^\| ok \| Node \| Node \d+\.\d+\.\d+/m);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('writes a job summary', () => {
    it('after the refresh and the fallback, also when they failed, never after a cancel; before the step that fails the run', () => {
      const build = workflow.jobs.build!.steps;
      const at = (id: string) => build.findIndex((s) => s.id === id);
      expect(at('summary')).toBeGreaterThan(at('fallback'));
      expect(at('summary')).toBeLessThan(build.findIndex((s) => s.if?.includes("!= '5'") && s.run?.includes('exit 1')));
      expect(step('summary').if).toBe("${{ !cancelled() && (steps.refresh.outputs.code != '' || steps.doctor.outputs.code != '') }}");
      expect(step('summary').env).toEqual({ CODE: '${{ steps.refresh.outputs.code || steps.doctor.outputs.code }}' });
      // It reads the reports where the refresh and the doctor steps write them.
      expect(step('refresh').run).toContain('--report "$RUNNER_TEMP/refresh-report.json"');
      expect(step('doctor').run).toContain('--report "$RUNNER_TEMP/doctor-report.json"');
      expect(step('summary').run).toBe(
        'npm run job-summary --silent -- --code "$CODE" --report "$RUNNER_TEMP/refresh-report.json" --doctor "$RUNNER_TEMP/doctor-report.json" >> "$GITHUB_STEP_SUMMARY"',
      );
    });

    it("appends the snapshot's date, changes, coverage, quota, restore and site figures to $GITHUB_STEP_SUMMARY, run by the step's own shell", async () => {
      const dir = mkdtempSync(join(tmpdir(), 'workflow-summary-'));
      try {
        // A snapshot with history, and a run of the snapshot step that reports what it did.
        mkdirSync(join(dir, 'data'));
        const made = await fixtureSnapshot(dir);
        renameSync(made, join(dir, 'data/snapshot.db'));
        writeFileSync(join(dir, 'next.json'), JSON.stringify(fixtureExport({ site: true, generatedAt: GENERATED_AT + 86_400_000 })));
        const temp = join(dir, 'runner-temp');
        mkdirSync(temp);
        const run = await snapshotCli(
          ['--from-file', join(dir, 'next.json'), '--out', join(dir, 'data/snapshot.db'), '--report', join(temp, 'refresh-report.json')],
          {
            env: {},
            reporter: captureReporter().reporter,
          },
        );
        expect(run.code).toBe(0);
        // A built site's stamp and manifest, as the build writes them.
        mkdirSync(join(dir, 'dist/data'), { recursive: true });
        writeFileSync(join(dir, 'dist/data/snapshot.db.gz'), Buffer.alloc(1000));
        writeFileSync(join(dir, 'dist/data/snapshot.json'), JSON.stringify({ generatedAt: new Date(GENERATED_AT + 86_400_000).toISOString() }));
        writeFileSync(join(dir, 'dist/data/manifest.json'), JSON.stringify({ snapshotDb: { parts: ['snapshot.db.gz'] }, files: [] }));
        // A stand-in npm that runs the real script with what the step passes after `run job-summary --silent --`.
        const bin = join(dir, 'bin');
        mkdirSync(bin);
        writeFileSync(
          join(bin, 'npm'),
          `#!/bin/sh\n[ "$1 $2 $3 $4" = "run job-summary --silent --" ] || exit 9\nshift 4\nexec "${process.execPath}" "${join(ROOT, 'scripts/job-summary.ts')}" "$@"\n`,
          { mode: 0o755 },
        );
        const summaryFile = join(dir, 'step-summary.md');
        writeFileSync(summaryFile, '# Earlier steps\n');
        execFileSync('bash', [...GITHUB_BASH, step('summary').run!], {
          cwd: dir,
          env: { PATH: `${bin}:${process.env.PATH}`, CODE: '0', RUNNER_TEMP: temp, GITHUB_STEP_SUMMARY: summaryFile },
          stdio: 'pipe',
        });
        const summary = readFileSync(summaryFile, 'utf8');
        expect(summary.startsWith('# Earlier steps\n### Mirror refresh: the snapshot is current')).toBe(true);
        expect(summary).toContain('| Snapshot | 2026-11-17 06:00 UTC (generatedAt)');
        expect(summary).toContain('this run: a new snapshot written');
        expect(summary).toMatch(/\| What changed \| \d+ new models, \d+ removed, \d+ moved, since the snapshot of 2026-11-16 06:00 UTC \|/);
        expect(summary).toMatch(/\| Details coverage \| per-benchmark scores for \d+ of \d+ configurations/);
        expect(summary).toMatch(/\| Quota \| this run: 0 requests; this month: /);
        expect(summary).toContain('| Restore | not needed: the snapshot was at hand');
        expect(summary).toMatch(/\| Site \| \d+ files, .*the snapshot file 0\.0 MB in 1 part/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  it('pins every action to the full commit of a release that runs on the Actions Node 24 runtime, its version in a comment', () => {
    const lines = text.split('\n').filter((line) => /^\s*(- )?uses:/.test(line));
    expect(lines).toHaveLength(steps.filter((s) => s.uses).length);
    const pinned = new Set<string>();
    for (const line of lines) {
      // An action of a repository, or one of its sub-actions (actions/cache/restore), at the repository's pin.
      const m = /^\s*(?:- )?uses: ([\w.-]+\/[\w.-]+)(?:\/[\w.-]+)?@([0-9a-f]{40}) # (v\d+\.\d+\.\d+)$/.exec(line);
      expect(m, line).not.toBeNull();
      const [, action, sha, version] = m!;
      expect([sha, version], `${action} is not pinned to a commit known here`).toEqual(PINS[action!]);
      pinned.add(action!);
    }
    expect([...pinned].sort()).toEqual(Object.keys(PINS).sort());
  });
});

/** `_headers` as Netlify and Cloudflare Pages read it: a path line, then indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const [i, raw] of text.split('\n').entries()) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      if (!raw.startsWith('/')) throw new Error(`line ${i + 1}: a path must start with /: ${raw}`);
      if (rules.has(raw.trim())) throw new Error(`line ${i + 1}: ${raw.trim()} is listed twice`);
      current = new Map();
      rules.set(raw.trim(), current);
      continue;
    }
    const m = /^\s+([A-Za-z0-9-]+):\s*(.+)$/.exec(raw);
    if (!m || !current) throw new Error(`line ${i + 1}: not a header of a path: ${raw}`);
    current.set(m[1]!.toLowerCase(), m[2]!.trim());
  }
  return rules;
}

/** A rule's path matches a URL path: `*` is a splat, anything else is literal. */
function matches(rule: string, path: string): boolean {
  const pattern = rule
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(path);
}

/** Every value of `name` a request for `path` gets; more than one means the hosts would join them. */
function headerFor(rules: Map<string, Map<string, string>>, path: string, name: string): string[] {
  return [...rules].filter(([rule, headers]) => matches(rule, path) && headers.has(name)).map(([, headers]) => headers.get(name)!);
}

const maxAge = (value: string | undefined) => Number(/max-age=(\d+)/.exec(value ?? '')?.[1]);

describe('public/_headers', () => {
  const rules = parseHeaders(readFileSync(join(ROOT, 'public/_headers'), 'utf8'));

  it('caches the hashed assets for a year as immutable', () => {
    const values = headerFor(rules, '/_astro/index.Cr2lMuI9.css', 'cache-control');
    expect(values).toHaveLength(1);
    expect(values[0]).toMatch(/\bpublic\b/);
    expect(values[0]).toMatch(/\bimmutable\b/);
    expect(maxAge(values[0])).toBe(31_536_000);
  });

  it('keeps HTML pages short-lived, each with exactly one Cache-Control', () => {
    for (const page of [
      '/',
      '/404.html',
      '/about/',
      '/models/some-model/',
      '/configurations/some-configuration/',
      '/compare/',
      '/compare/a-vs-b/',
      '/benchmarks/',
      '/benchmarks/some-bench/',
      '/tags/',
      '/tags/coding/',
      '/changes/',
      '/leaderboard/2/',
    ]) {
      const values = headerFor(rules, page, 'cache-control');
      expect(values, page).toHaveLength(1);
      expect(maxAge(values[0]), page).toBeLessThanOrEqual(300);
      expect(values[0], page).toMatch(/must-revalidate/);
      expect(values[0], page).not.toMatch(/immutable/);
    }
  });

  it('gives the downloads, the feed and the crawler files a lifetime in line with the API', () => {
    for (const file of ['/data/models.json', '/data/models.csv', '/changes/feed.xml', '/sitemap-index.xml', '/robots.txt']) {
      const values = headerFor(rules, file, 'cache-control');
      expect(values, file).toHaveLength(1);
      expect(maxAge(values[0]), file).toBeGreaterThan(300);
      expect(maxAge(values[0]), file).toBeLessThanOrEqual(86_400);
    }
  });

  it('sends the security headers everywhere, with a same-origin script policy', () => {
    for (const path of ['/', '/models/x/', '/data/models.json', '/_astro/a.js']) {
      expect(headerFor(rules, path, 'x-content-type-options')).toEqual(['nosniff']);
      expect(headerFor(rules, path, 'referrer-policy')).toEqual(['strict-origin-when-cross-origin']);
      const [csp, ...more] = headerFor(rules, path, 'content-security-policy');
      expect(more).toEqual([]);
      const directives = new Map(
        csp!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k!, v]),
      );
      // Same-origin scripts only; Pagefind compiles its index reader from WebAssembly, which needs 'wasm-unsafe-eval' (never eval of script).
      expect(directives.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      // The score bars set custom properties in style attributes; style elements stay same-origin.
      expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(directives.get('style-src-elem')).toEqual(["'self'"]);
    }
  });
});
