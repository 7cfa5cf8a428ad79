/**
 * The scheduled workflow (.github/workflows/refresh.yml) as the soak runs it each day: the `run:`
 * shell of its steps, read from the file and run by bash as GitHub runs it, with the step's own `env:`
 * (its expressions evaluated against the soak's secrets and variables); the `if:` of the steps and jobs
 * are decided in code here, and CONDITIONS holds them as the workflow writes them (the soak's test
 * fails when the two part). What GitHub does around the steps (the cache, the artifacts, the deploy)
 * is the runner's (runner.ts) and the host's (host.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const WORKFLOW = '.github/workflows/refresh.yml';

interface YamlStep {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  env?: Record<string, string>;
}
interface YamlJob {
  if?: string;
  env?: Record<string, string>;
  steps: YamlStep[];
}

/** The steps the soak runs, by id, in the jobs the workflow has them in. */
export const RUN_STEPS = { doctor: 'build', refresh: 'build', fallback: 'build', 'publish-state': 'state' } as const;
export type RunStep = keyof typeof RUN_STEPS;

/**
 * The `if:` of each step and job whose outcome the soak decides in code, exactly as the workflow writes
 * them: the step with that id (the failing step by its name), or the job.
 */
export const CONDITIONS = {
  refresh: "steps.doctor.outputs.code == '0'",
  fallback: "steps.refresh.outputs.code != '' && steps.refresh.outputs.code != '0' && steps.refresh.outputs.code != '1'",
  site: "steps.refresh.outputs.code == '0' || steps.fallback.outcome == 'success'",
  state: "(steps.refresh.outputs.code == '0' || steps.fallback.outcome == 'success') && hashFiles('dist-state/manifest.json') != ''",
  'Fail when the maintainer must act':
    "steps.doctor.outputs.code != '0' || (steps.refresh.outputs.code != '0' && steps.refresh.outputs.code != '5' && steps.refresh.outputs.code != '7')",
  'save-cache': "${{ always() && (steps.refresh.outcome == 'success' || steps.refresh.outcome == 'cancelled') && hashFiles('data/snapshot.db') != '' }}",
  'job state': "${{ !cancelled() && needs.build.outputs.state == 'true' }}",
  'job deploy': "${{ !cancelled() && needs.build.outputs.site == 'true' && vars.DEPLOY_PAGES != 'false' && needs.state.result != 'failure' }}",
} as const;

export interface Workflow {
  jobs: Record<string, YamlJob>;
  step(id: RunStep): YamlStep & { run: string };
  /** The `if:` the workflow gives a step (by id or name) or a job (`job <name>`). */
  condition(name: string): string | undefined;
}

export function readWorkflow(root: string): Workflow {
  const jobs = (parse(readFileSync(join(root, WORKFLOW), 'utf8')) as { jobs: Record<string, YamlJob> }).jobs;
  const all = Object.values(jobs).flatMap((j) => j.steps);
  return {
    jobs,
    step(id) {
      const found = jobs[RUN_STEPS[id]]?.steps.find((s) => s.id === id);
      if (!found?.run) throw new Error(`${WORKFLOW} has no step ${id} with a run: in job ${RUN_STEPS[id]}`);
      return found as YamlStep & { run: string };
    },
    condition(name) {
      if (name.startsWith('job ')) return jobs[name.slice(4)]?.if;
      return all.find((s) => s.id === name || s.name === name)?.if;
    },
  };
}

/** What a workflow expression may read: `secrets.<name>`, `vars.<name>`, `inputs.<name>`, `steps.pages.outputs.base_url`. */
export interface Contexts {
  secrets: Record<string, string>;
  vars: Record<string, string>;
  inputs: Record<string, string>;
  pagesUrl: string;
}

function operand(text: string, ctx: Contexts): string {
  const literal = /^'([^']*)'$/.exec(text);
  if (literal) return literal[1]!;
  const [scope, name, ...rest] = text.split('.');
  if (rest.length === 0 && name && (scope === 'secrets' || scope === 'vars' || scope === 'inputs')) return ctx[scope][name] ?? '';
  if (text === 'steps.pages.outputs.base_url') return ctx.pagesUrl;
  throw new Error(`the soak cannot evaluate ${text} in ${WORKFLOW}`);
}

/** A value of an `env:` map: plain text, or `${{ a || b || 'c' }}` (the first non-empty operand). */
export function evaluate(value: string, ctx: Contexts): string {
  const m = /^\$\{\{\s*(.+?)\s*\}\}$/.exec(value.trim());
  if (!m) {
    if (value.includes('${{')) throw new Error(`the soak cannot evaluate ${value} in ${WORKFLOW}`);
    return value;
  }
  for (const part of m[1]!.split('||')) {
    const v = operand(part.trim(), ctx);
    if (v !== '') return v;
  }
  return '';
}

/** A step's `env:` evaluated, over the job's; `given` answers the expressions the soak does not evaluate (the job's STATE_URL). */
export function stepEnv(wf: Workflow, id: RunStep, ctx: Contexts, given: Record<string, string> = {}): Record<string, string> {
  const job = wf.jobs[RUN_STEPS[id]]!;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...job.env, ...wf.step(id).env })) out[name] = name in given ? given[name]! : evaluate(value, ctx);
  return out;
}

export interface StepResult {
  /** bash's exit status: the step failed when it is not 0. */
  status: number;
  /** What the step wrote to $GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  output: string;
}

/** A step as it runs, for the soak's faults: its output so far and whether it ended. */
export interface RunningStep {
  output(): string;
  ended(): boolean;
}

/** The longest a step may take before the soak gives up on it: far above any step's need, a guard against a hang. */
const STEP_GUARD_MS = 10 * 60_000;

/**
 * A `run:` step's shell as GitHub's runner starts it where the workflow names no `shell:` (`bash -e {0}`:
 * a script file, so bash reads no startup file, which `--noprofile --norc` keep out here; no `pipefail`,
 * which only an explicit `shell: bash` adds). test/system/workflow.test.ts runs the steps so too.
 */
export const GITHUB_BASH = ['--noprofile', '--norc', '-e', '-c'];

/**
 * Runs a step's shell as GitHub does (GITHUB_BASH), in `cwd`, with exactly
 * `env`, in a process group of its own; `during` runs beside it (a fault that kills at a step). Whatever
 * the step leaves running when it ends (the render of a killed build) is killed with its group.
 */
export async function runStep(
  script: string,
  cwd: string,
  env: Record<string, string>,
  outputFile: string,
  during?: (step: RunningStep) => Promise<void>,
): Promise<StepResult> {
  rmSync(outputFile, { force: true });
  const child = spawn('bash', [...GITHUB_BASH, script], {
    cwd,
    env: { ...env, GITHUB_OUTPUT: outputFile },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let ended = false;
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      ended = true;
      resolve(code ?? 128 + (signal === 'SIGKILL' ? 9 : 15));
    });
  });
  let hung = false;
  const guard = setTimeout(() => {
    hung = true;
    killGroup(child.pid);
  }, STEP_GUARD_MS);
  const side = during?.({ output: () => output, ended: () => ended });
  try {
    const status = await exited;
    await side;
    if (hung) throw new Error(`a step ran over ${STEP_GUARD_MS / 60_000} minutes and was killed:\n${output.slice(-2000)}`);
    const outputs: Record<string, string> = {};
    if (existsSync(outputFile))
      for (const line of readFileSync(outputFile, 'utf8').split('\n')) {
        const eq = line.indexOf('=');
        if (eq > 0) outputs[line.slice(0, eq)] = line.slice(eq + 1);
      }
    return { status, outputs, output };
  } finally {
    clearTimeout(guard);
    killGroup(child.pid);
  }
}

/** SIGKILLs what is left of a step's process group (the soak started it); nothing when it is gone. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is empty.
  }
}
