/**
 * `npm run bench`: measure fetch, validate+store, build and an unchanged refresh on a synthetic
 * export of N configurations, against a trivial Astro reference built in the same run. Prints a
 * Markdown report; exits 0 whatever the targets say, 1 when a stage process fails, 2 on a bad flag.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MirrorError } from '../src/api/errors.ts';
import { BENCH_USAGE, parseBenchArgs, type BenchOptions } from '../src/dev/bench/args.ts';
import { killRunningChildren } from '../src/dev/bench/child.ts';
import { fullReport, growthTargets, sizeTargets } from '../src/dev/bench/report.ts';
import { runBench } from '../src/dev/bench/run-bench.ts';

let options: BenchOptions;
try {
  options = parseBenchArgs(process.argv.slice(2));
} catch (err) {
  if (!(err instanceof MirrorError)) throw err;
  console.error(`${err.toLine()}\n${BENCH_USAGE}`);
  process.exit(err.exitCode);
}
if (options.help) {
  console.log(BENCH_USAGE);
  process.exit(0);
}

const tempDir = mkdtempSync(join(tmpdir(), 'mirror-bench-'));
const log = (line: string) => console.error(`bench: ${line}`);
const cleanUp = () => {
  if (options.keep) log(`kept ${tempDir}`);
  else rmSync(tempDir, { recursive: true, force: true, maxRetries: 5 });
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the stage processes`);
    killRunningChildren();
    cleanUp();
    process.exit(130);
  });
}

log(`working in ${tempDir}`);
try {
  const results = await runBench(options, { tempDir, log });
  console.log(fullReport(results));
  if (options.json) {
    const targets = results.sizes.map((r) => ({ configurations: r.size.configurations, ...sizeTargets(r) }));
    writeFileSync(options.json, `${JSON.stringify({ ...results, targets, growth: growthTargets(results.sizes) }, null, 2)}\n`);
    log(`results written to ${options.json}`);
  }
} catch (err) {
  console.error(`error: ${(err as Error)?.message ?? String(err)}`);
  console.error('exit 1: the benchmark stopped; no report');
  process.exitCode = 1;
} finally {
  cleanUp();
}
