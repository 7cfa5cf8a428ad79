/**
 * What the stages of one size share: its folder, its log, its progress count, and the runner that
 * starts each stage process, counts it and stops the bench when it fails.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter } from '../../core/reporter.ts';
import { defaultTimeoutMs, type BenchOptions } from './args.ts';
import { runChild, type ChildRun } from './child.ts';
import type { NodeCommand } from './npm-script.ts';
import { RouteTimer, type RouteTime } from './route-times.ts';
import { REPO_ROOT, StageFailed, childEnv, reportedPeakKb } from './stage-process.ts';

export interface BenchContext {
  /** The temporary folder everything goes into. */
  tempDir: string;
  log: (line: string) => void;
  /** How far the bench is at a size: the stage processes run of all it will run, and the one running now. */
  progress?: Pick<Reporter, 'progress' | 'endProgress'>;
}

/** The npm scripts whose commands the stages run, as package.json starts them. */
export type StageCommands = Record<'snapshot' | 'build' | 'refresh', NodeCommand>;

const check = (stage: string, run: ChildRun): ChildRun => {
  if (run.timedOut) throw new StageFailed(stage, run, `no exit within the time limit (killed after ${(run.ms / 1000).toFixed(0)} s)`);
  if (run.code !== 0) throw new StageFailed(stage, run, run.signal ? `killed by ${run.signal}` : `exit code ${run.code}`);
  return run;
};

/** One size of the bench as its stages see it; `steps` is set once the inputs say how many stage processes there are. */
export class SizeRun {
  readonly configurations: number;
  readonly options: BenchOptions;
  readonly commands: StageCommands;
  readonly dir: string;
  readonly timeoutMs: number;
  /** Where each stage process's sampled peak memory is written. */
  readonly peakFile: string;
  /** The stage processes this size runs, and how many of them have ended. */
  steps = 0;
  step = 0;
  /** The snapshot with details, once stored: kept for the target builds with details, removed when the size ends. */
  detailsDb: string | undefined;
  private readonly ctx: BenchContext;
  // A build prints Astro's page lines, from which each route is timed.
  private readonly buildEnv = childEnv({ MIRROR_ASTRO_LOG_LEVEL: 'info' });

  constructor(configurations: number, options: BenchOptions, commands: StageCommands, ctx: BenchContext) {
    this.configurations = configurations;
    this.options = options;
    this.commands = commands;
    this.ctx = ctx;
    this.dir = join(ctx.tempDir, `size-${configurations}`);
    mkdirSync(this.dir, { recursive: true });
    this.timeoutMs = options.timeoutMs ?? defaultTimeoutMs(configurations);
    this.peakFile = join(this.dir, 'peak-rss.json');
  }

  say(line: string): void {
    this.ctx.log(`[${this.configurations}] ${line}`);
  }

  /** Logs a finished stage process: its time and its peak memory, and `extra`. */
  note(label: string, r: ChildRun, extra = ''): void {
    this.say(`${label}: ${(r.ms / 1000).toFixed(2)} s, peak ${r.peak ? `${(reportedPeakKb(r.output, r.peak.maxRssKb) / 1024).toFixed(0)} MB` : '?'}${extra}`);
  }

  /** Says which stage process runs now, before it starts; the count moves on when it has ended. */
  running(label: string): void {
    this.ctx.progress?.progress(`bench ${this.configurations}`, {
      done: this.step,
      total: this.steps,
      unit: 'stage processes',
      rate: false,
      phase: `${this.configurations.toLocaleString('en-US')} configurations: ${label}`,
    });
  }

  /** Runs one stage process, counts it, and throws StageFailed unless it exited 0 in time. */
  run(
    label: string,
    command: NodeCommand,
    args: string[],
    { cwd = REPO_ROOT, env = childEnv(), onLine = undefined as RouteTimer | undefined, limitMs = this.timeoutMs } = {},
  ): Promise<ChildRun> {
    this.running(label);
    return runChild(command, args, { cwd, env, timeoutMs: limitMs, peakFile: this.peakFile, onLine: onLine && ((line, at) => onLine.feed(line, at)) }).then(
      (r) => {
        this.step++;
        return check(label, r);
      },
    );
  }

  /** A build of `snapshotPath` into `out`, with the time of each of its routes. */
  async timedBuild(label: string, snapshotPath: string, out: string, limitMs = this.timeoutMs): Promise<{ res: ChildRun; routes: RouteTime[] }> {
    const timer = new RouteTimer();
    const started = performance.now();
    const res = await this.run(label, this.commands.build, ['--snapshot', snapshotPath, '--out', out], { env: this.buildEnv, onLine: timer, limitMs });
    return { res, routes: timer.routes(started + res.ms) };
  }

  /** Ends the size's progress line. */
  endProgress(): void {
    this.ctx.progress?.endProgress(`bench ${this.configurations}`);
  }
}
