/**
 * One simulated day: the API's field moves on, the day's faults are laid, the scheduled workflow
 * runs (its build job on a fresh runner, its state job, its deploy), and everything a visitor, the
 * next run and a maintainer rely on is checked. The soak's loop (run-soak.ts) runs it once a day.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FieldDay } from './field.ts';
import { describeFault, type Fault, type ScheduledFault } from './schedule.ts';
import { expectRefresh, type Seen } from './expect.ts';
import { runStep, stepEnv, type Contexts, type RunningStep, type RunStep, type StepResult } from './workflow.ts';
import { checkDay } from './day-checks.ts';
import { KEY_SPEC, soakKey, type DayRecord, type SoakContext } from './context.ts';
import { stepPath } from './shims.ts';

const MINUTE = 60_000;
const EXPORT = '/v1/export.json';

/** CPU time of the soak's ended child processes and theirs, in ms (/proc/self/stat's cutime and cstime, in clock ticks of 10 ms). */
function childCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** The run's start: 06:17 UTC as the workflow's cron asks, and a few minutes of the scheduler's own delay. */
const runAt = (ctx: SoakContext, day: number, at: number) => at + (6 * 60 + 17) * MINUTE + ((ctx.seed * 7 + day * 13) % 20) * MINUTE;

function nextMonth(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** The simulated API's faults for today's run, and the kill or cancel the soak carries out beside it. */
function layApiFaults(ctx: SoakContext, faults: readonly Fault[], served: FieldDay): { pause?: string; watch?: 'export' | 'detail'; signal?: NodeJS.Signals } {
  const { sim } = ctx;
  for (const f of faults) {
    if (f.kind === 'rate-limited') sim.addFault({ type: 'rate_limited', retryAfter: 1, path: EXPORT, times: f.burst });
    if (f.kind === 'server-error') sim.addFault({ type: 'status', status: 503, headers: { 'retry-after': '1' }, path: EXPORT, times: f.burst });
    if (f.kind === 'cut-body') sim.addFault({ type: 'cut-body', afterBytes: 200, path: EXPORT, times: f.burst });
    if (f.kind === 'invalid-export') sim.addFault({ type: 'status', status: 200, body: invalidExport(served), path: EXPORT });
    if (f.kind === 'lost-models') sim.addFault({ type: 'status', status: 200, body: shrunkExport(served), path: EXPORT });
    if (f.kind === 'time-limit' && f.at === 'export') sim.addFault({ type: 'slow-headers', delayMs: 10 * MINUTE, path: EXPORT });
  }
  const killed = faults.find((f) => f.kind === 'killed');
  if (killed?.kind === 'killed') {
    if (killed.step === 'fetch') {
      sim.addFault({ type: 'slow-headers', delayMs: 10 * MINUTE, path: EXPORT });
      return { watch: 'export', signal: 'SIGKILL' };
    }
    const points = { validate: 'validate', history: 'filled:snapshot', swap: 'renamed:snapshot', crawl: 'details', render: 'render', publish: 'swap' };
    return { pause: points[killed.step], signal: 'SIGKILL' };
  }
  if (faults.some((f) => f.kind === 'time-limit' && f.at === 'cancelled')) {
    sim.addFault({ type: 'slow-headers', delayMs: 10 * MINUTE, path: '/v1/models/' });
    return { watch: 'detail', signal: 'SIGTERM' };
  }
  return {};
}

/** An export the API botched: its models not a list, so not a valid v1 export. */
function invalidExport(served: FieldDay): string {
  const body = JSON.parse(served.exportBody) as Record<string, unknown>;
  return JSON.stringify({ ...body, generatedAt: served.generatedAt + MINUTE, models: 'temporarily unavailable' });
}

/** An export that lost most of its configurations (an API fault, not news): the sanity guard's case. */
function shrunkExport(served: FieldDay): string {
  const body = JSON.parse(served.exportBody) as { models: { updatedAt: number }[] };
  const kept = body.models.slice(0, Math.max(1, Math.floor(body.models.length * 0.3)));
  return JSON.stringify({ ...body, generatedAt: served.generatedAt + MINUTE, models: kept });
}

/** Kills (or stops) the refresh when it reaches its step: the marker of a pause point, or a request the API received. */
function killer(ctx: SoakContext, plan: ReturnType<typeof layApiFaults>, mark: number, done: { killed: boolean }) {
  if (!plan.signal) return undefined;
  return async (step: RunningStep) => {
    const reached = () =>
      plan.pause
        ? step.output().includes(`MIRROR_TEST_PAUSED ${plan.pause}`)
        : ctx.sim.requests.slice(mark).some((r) => (plan.watch === 'export' ? r.path === EXPORT : r.path.startsWith('/v1/models/')));
    const guard = Date.now() + 5 * MINUTE;
    while (!step.ended() && Date.now() < guard) {
      const pidFile = join(ctx.work, 'pids/refresh.pid');
      if (reached() && existsSync(pidFile)) {
        process.kill(Number(readFileSync(pidFile, 'utf8').trim()), plan.signal);
        done.killed = true;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
}

/**
 * The faults on the world around the run, before its machine starts: the cache, the host, the
 * published state, the key, the quota. The soak never takes both homes of the state at once (no
 * system keeps what both lost): an eviction waits while the published state is damaged, and a damage
 * while there is no cache to fall back on.
 */
function laySurroundings(ctx: SoakContext, faults: readonly Fault[], record: DayRecord): void {
  const { state, runner, host } = ctx;
  if (faults.some((f) => f.kind === 'cache-evicted') || state.evictionPending) {
    state.evictionPending = state.damagedPart !== undefined;
    if (state.evictionPending) record.notes.push('the cache eviction waits: the published state is damaged');
    else runner.evictCache();
  }
  if (faults.some((f) => f.kind === 'damaged-history') || state.damagePending) {
    state.damagePending = !runner.hasCache();
    if (state.damagePending) record.notes.push('the damage to the published state waits: there is no cache');
    else state.damagedPart = host.damageState() ?? state.damagedPart;
  }
  if (faults.some((f) => f.kind === 'host-older') && existsSync(host.previous)) host.servingPrevious = true;
  if (faults.some((f) => f.kind === 'revoked-key')) state.keys[state.key]!.revoked = true;
  if (faults.some((f) => f.kind === 'quota-used-up')) state.quotaUntil = nextMonth(ctx.clock.now());
}

/** What a runner's machine has in its environment anyway, taken from this one (Node's compile cache: the tools start faster). */
const MACHINE = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'NODE_COMPILE_CACHE'];
const machineEnv = (): Record<string, string> => Object.fromEntries(MACHINE.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));

/** The step's environment: the runner's (PATH with the shims, the runner's variables, the soak's switches) and the step's own. */
function envFor(ctx: SoakContext, id: RunStep, contexts: Contexts, extra: Record<string, string> = {}): Record<string, string> {
  const machine = machineEnv();
  return {
    ...machine,
    PATH: stepPath(ctx.bin, machine.PATH),
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    RUNNER_TEMP: ctx.runner.temp,
    ASTRO_TELEMETRY_DISABLED: '1',
    SOAK_PID_DIR: join(ctx.work, 'pids'),
    SOAK_RELEASES: ctx.host.releases,
    SOAK_RENDER: ctx.state.realRenderDue && !ctx.stubOnly ? 'real' : 'stub',
    MIRROR_CLOCK: String(ctx.clock.now()),
    ...(ctx.breakStep ? { MIRROR_TEST_BREAK: ctx.breakStep } : {}),
    ...stepEnv(ctx.workflow, id, contexts, { STATE_URL: ctx.host.stateUrl, GH_TOKEN: 'soak', GH_REPO: 'soak/mirror' }),
    ...extra,
  };
}

/** The day's morning: the API's field moves on, a person does what yesterday asked of them, and the faults that act today. */
function morning(
  ctx: SoakContext,
  day: number,
  scheduled: readonly ScheduledFault[],
): { record: DayRecord; faults: Fault[]; active: Fault[]; served: FieldDay } {
  const { field, sim, state, ledger } = ctx;
  const midnight = field.dayStart(day);
  ctx.clock.set(runAt(ctx, day, midnight));
  const served = field.on(day);
  if (served.changed) {
    sim.setExport(served.exportBody, served.details);
    ledger.served({ generatedAt: served.generatedAt, day, ranking: served.ranking });
  }
  // Without a tmpfs of its own (not root) the disk cannot fill: that fault is left out, and the day says so.
  const faults = scheduled.map((s) => s.fault).filter((f) => f.kind !== 'disk-full' || ctx.runner.ownDisk);
  const record: DayRecord = {
    day,
    date: new Date(midnight).toISOString().slice(0, 10),
    faults: scheduled.map(
      (s) =>
        `${describeFault(s.fault)}${s.placed === 'alone' ? '' : `, ${s.placed}`}${s.fault.kind === 'disk-full' && !ctx.runner.ownDisk ? ', not run: no tmpfs' : ''}`,
    ),
    hit: [],
    served: served.changed ? 'new export' : 'same export',
    ran: false,
    deployed: false,
    siteAt: undefined,
    stateDamaged: false,
    notes: [],
    checks: [],
    ms: { day: 0, cpu: {} },
  };
  sim.clearFaults();
  if (state.rotateKey) {
    state.rotations++;
    const key = soakKey(ctx.seed, state.rotations);
    state.keys[key] = { ...KEY_SPEC };
    state.allKeys.push(key);
    state.key = key;
    state.rotateKey = false;
    record.person = 'rotated the refused key';
  }
  const active: Fault[] = [...faults];
  if (state.quotaUntil !== undefined && ctx.clock.now() < state.quotaUntil) {
    if (!faults.some((f) => f.kind === 'quota-used-up')) active.push({ kind: 'quota-used-up' });
  } else state.quotaUntil = undefined;
  return { record, faults, active, served };
}

/** What the build job leaves for the state job and the deploy. */
interface BuildJob {
  outputs: Record<string, string>;
  seen: Seen;
  contexts: Contexts;
  cancelled: boolean;
  siteReady: boolean;
  stateReady: boolean;
  artifact: string;
}

/**
 * The build job, step by step as .github/workflows/refresh.yml has it, on a fresh machine. The doctor
 * checks a copy of the machine as the job found it, beside the refresh (two cores, half the time): the
 * refresh goes on only when the doctor passes, which is how the soak holds the workflow's order (a
 * doctor that fails is a failed check of the day).
 */
async function buildJob(ctx: SoakContext, day: { record: DayRecord; faults: Fault[]; active: Fault[]; served: FieldDay }): Promise<BuildJob> {
  const { sim, state, runner, host, workflow } = ctx;
  const { record, faults, active } = day;
  laySurroundings(ctx, faults, record);
  if (state.quotaUntil !== undefined) sim.addFault({ type: 'quota_exceeded', path: EXPORT, times: Infinity });
  if (!runner.freshMachine().restored) record.notes.push('no cache: the run restores the published state');
  const doctorView = runner.doctorView();
  const full = faults.find((f) => f.kind === 'disk-full');
  if (full?.kind === 'disk-full') {
    const snapshot = join(runner.project, 'data/snapshot.db');
    runner.fillDisk(full.at === 'store' ? 0 : (existsSync(snapshot) ? 3 * statSync(snapshot).size : 0) + 256 * 1024);
  }
  const plan = layApiFaults(ctx, active, day.served);
  const mark = sim.requests.length;
  record.ran = true;
  record.render = state.realRenderDue && !ctx.stubOnly ? 'real' : 'stub';
  const contexts: Contexts = {
    secrets: { RANKING_API_KEY: state.key },
    vars: {
      RANKING_API_URL: sim.url,
      SITE_URL: host.siteUrl,
      ...(active.some((f) => f.kind === 'time-limit' && f.at === 'export') ? { JOB_MINUTES: '1' } : {}),
    },
    inputs: {},
    pagesUrl: host.siteUrl,
  };
  rmSync(join(ctx.work, 'pids'), { recursive: true, force: true });
  mkdirSync(join(ctx.work, 'pids'), { recursive: true });
  const outputs: Record<string, string> = {};
  const step = async (id: RunStep, options: { cwd?: string; extra?: Record<string, string>; during?: (s: RunningStep) => Promise<void> } = {}) => {
    const result = await runStep(
      workflow.step(id).run,
      options.cwd ?? runner.project,
      envFor(ctx, id, contexts, options.extra),
      join(runner.temp, `${id}.output`),
      options.during,
    );
    outputs[id] = result.output;
    return result;
  };

  const done = { killed: false };
  const cpu = childCpuMs();
  const [doctor, ran] = await Promise.all([
    step('doctor', { cwd: doctorView }),
    step('refresh', { extra: plan.pause ? { MIRROR_TEST_PAUSE_AT: plan.pause } : {}, during: killer(ctx, plan, mark, done) }),
  ]);
  record.ms.cpu['doctor and refresh'] = childCpuMs() - cpu;
  record.doctor = doctor.outputs.code ?? '';
  const refresh = record.doctor === '0' ? ran : undefined;
  const code = refresh?.outputs.code ?? '';
  record.refresh = code;
  const cancelled = done.killed && plan.signal === 'SIGTERM';
  const seen: Seen = {
    exportRequests: sim.requests.slice(mark).filter((r) => r.path === EXPORT).length,
    killed: done.killed && plan.signal === 'SIGKILL',
    cancelled,
    built: /: building/.test(refresh?.output ?? ''),
  };
  if (refresh) {
    const expected = expectRefresh(active, seen);
    record.expected = expected.code;
    // A quota still used up from an earlier day is that day's fault, not a new one.
    const own = expected.hit.filter((f) => faults.includes(f));
    record.hit = [...own, ...faults.filter((f) => f.kind === 'cache-evicted' || f.kind === 'host-older' || f.kind === 'damaged-history')].map(describeFault);
  }
  let fallback: StepResult | undefined;
  const before = childCpuMs();
  if (!cancelled && code !== '' && code !== '0' && code !== '1') fallback = await step('fallback');
  if (fallback) {
    record.ms.cpu.fallback = childCpuMs() - before;
    record.fallback = fallback.status === 0 ? 'success' : 'failure';
  }
  runner.fillDisk(undefined);
  noteRender(ctx, record, `${refresh?.output ?? ''}\n${fallback?.output ?? ''}`);

  const siteReady = code === '0' || record.fallback === 'success';
  const stateReady = siteReady && existsSync(join(runner.project, 'dist-state/manifest.json'));
  const failStep = record.doctor !== '0' || (code !== '0' && code !== '5' && code !== '7');
  record.job = cancelled
    ? 'cancelled'
    : failStep || record.fallback === 'failure' || doctor.status !== 0 || (refresh && refresh.status !== 0)
      ? 'failure'
      : 'success';
  // The upload steps' artifacts, on the machine's disk, so the deploy moves them rather than copying.
  const artifact = join(runner.machine, 'artifact');
  rmSync(artifact, { recursive: true, force: true });
  if (siteReady && !cancelled) cpSync(join(runner.project, 'dist'), join(artifact, 'site'), { recursive: true });
  if (stateReady && !cancelled) cpSync(join(runner.project, 'dist-state'), join(artifact, 'state/dist-state'), { recursive: true });
  // The workflow's save step (CONDITIONS['save-cache']): once the refresh ran, whatever came of it, cancelled included.
  if (refresh && existsSync(join(runner.project, 'data/snapshot.db'))) runner.saveCache();
  if (refresh && code === '3') state.rotateKey = true;
  return { outputs, seen, contexts, cancelled, siteReady, stateReady, artifact };
}

/** Which render the day's builds had and what it took (a real one due is done once a build rendered with Astro). */
function noteRender(ctx: SoakContext, record: DayRecord, output: string): void {
  if (!/rendering the snapshot generated/.test(output)) {
    record.render = undefined;
    return;
  }
  record.ms.render = [...output.matchAll(/^render\s+([\d.]+) s/gm)].reduce((n, m) => n + Number(m[1]), 0) * 1000;
  if (record.render === 'real') ctx.state.realRenderDue = false;
}

/** The `state` job (when the build job handed it a state), then the deploy (when it handed over a site and the state job did not fail). */
async function stateJobAndDeploy(ctx: SoakContext, record: DayRecord, job: BuildJob): Promise<void> {
  const { state, host, workflow } = ctx;
  if (job.cancelled) return;
  if (job.stateReady) {
    // The state job's runner: the artifact it downloads (dist-state/) in its working folder.
    const cwd = join(job.artifact, 'state');
    const published = await runStep(workflow.step('publish-state').run, cwd, envFor(ctx, 'publish-state', job.contexts), join(job.artifact, 'state-output'));
    job.outputs['publish-state'] = published.output;
    record.stateJob = published.status === 0 ? 'success' : 'failure';
    if (record.stateJob === 'success' && state.damagedPart && !host.stateManifest()?.parts.some((p) => p.path === state.damagedPart))
      state.damagedPart = undefined;
  }
  if (job.siteReady && record.stateJob !== 'failure') {
    host.deploy(join(job.artifact, 'site'));
    record.deployed = true;
  }
}

export async function runDay(ctx: SoakContext, day: number, scheduled: readonly ScheduledFault[]): Promise<DayRecord> {
  const started = performance.now();
  const today = morning(ctx, day, scheduled);
  const { record } = today;
  if (today.faults.some((f) => f.kind === 'skipped')) {
    record.hit = today.faults.map(describeFault);
    record.ms.day = performance.now() - started;
    return record;
  }
  const job = await buildJob(ctx, today);
  await stateJobAndDeploy(ctx, record, job);
  const checking = process.cpuUsage();
  record.checks = checkDay(ctx, { record, outputs: job.outputs, seen: job.seen, faults: today.active });
  const checked = process.cpuUsage(checking);
  record.ms.cpu.checks = (checked.user + checked.system) / 1000;
  record.stateDamaged = ctx.state.damagedPart !== undefined;
  // Each step's output, for whoever reads why a day failed (in the working folder; --dir keeps it).
  mkdirSync(join(ctx.work, 'logs'), { recursive: true });
  for (const [id, text] of Object.entries(job.outputs)) writeFileSync(join(ctx.work, 'logs', `${record.date}-${id}.log`), text);
  record.ms.day = performance.now() - started;
  return record;
}
