/**
 * `npm run bench`: measure fetch, validate+store, build and an unchanged refresh on a synthetic
 * export of N configurations, against a trivial Astro reference built in the same run. Prints a
 * Markdown report; exits 3 when a deploy target's first build does not fit its host (the bench's one
 * enforced target), 1 when a stage process fails, 2 on a bad flag, 0 otherwise.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MirrorError } from '../src/core/errors.ts';
import { createReporter } from '../src/core/reporter.ts';
import { BENCH_USAGE, parseBenchArgs, type BenchOptions } from '../src/dev/bench/args.ts';
import { killRunningChildren } from '../src/dev/bench/child.ts';
import { firstBuildFailures, fullReport, growthTargets, sizeTargets } from '../src/dev/bench/report.ts';
import { benchRankSite } from '../src/dev/bench/rank-site.ts';
import { runBench } from '../src/dev/bench/run-bench.ts';
import { simulateMonth } from '../src/dev/crawl-month/simulate-month.ts';
import { monthReport } from '../src/dev/crawl-month/report.ts';

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
// The log and the progress on stderr; the report alone on stdout.
const reporter = createReporter({ out: process.stderr });
const log = (line: string) => reporter.info(`bench: ${line}`);
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
  if (options.rankSite) {
    const { lines, runs } = await benchRankSite(options.rankSite, options, { tempDir, log, progress: reporter });
    console.log(lines.join('\n'));
    if (options.json) writeFileSync(options.json, `${JSON.stringify(runs, null, 2)}\n`);
  } else if (options.crawlMonth) {
    const { configurations, quota, ratePerMinute, share } = options.crawlMonth;
    // Each day: a few details change (new submissions, flipped votes) and a few configurations vanish.
    const churn = Math.max(2, Math.round(configurations / 1000));
    const heading = `Details crawl: a month of daily runs at ${configurations.toLocaleString('en-US')} configurations, quota ${quota.toLocaleString('en-US')}/month and ${ratePerMinute}/min, share ${share}; ${churn} new submissions, ${churn} vote flips and ${Math.max(1, Math.round(configurations / 2000))} vanishing configurations a day`;
    log(heading);
    const month = await simulateMonth({
      configurations,
      key: { tier: 'pro', monthlyQuota: quota, ratePerMinute },
      share,
      churn: { submissions: churn, voteFlips: churn },
      vanishPerExport: Math.max(1, Math.round(configurations / 2000)),
      dir: tempDir,
      onDay: (d) => log(`day ${d.day}: ${d.withDetails} of ${d.configurations} with details, ${d.requests} requests`),
    });
    console.log(monthReport(month, heading));
    if (options.json) writeFileSync(options.json, `${JSON.stringify(month, null, 2)}\n`);
  } else {
    const results = await runBench(options, { tempDir, log, progress: reporter });
    console.log(fullReport(results));
    if (options.json) {
      const targets = results.sizes.map((r) => ({ configurations: r.size.configurations, ...sizeTargets(r) }));
      writeFileSync(options.json, `${JSON.stringify({ ...results, targets, growth: growthTargets(results.sizes) }, null, 2)}\n`);
      log(`results written to ${options.json}`);
    }
    // A first build that does not fit its host is the failure a maintainer meets on a first deploy: the bench fails with it.
    const misfits = firstBuildFailures(results);
    if (misfits.length) {
      console.error(`exit 3: ${misfits.length} deploy target${misfits.length === 1 ? '' : 's'} whose first build does not fit:`);
      for (const line of misfits) console.error(`- ${line}`);
      process.exitCode = 3;
    }
  }
} catch (err) {
  reporter.error(`error: ${(err as Error)?.message ?? String(err)}`);
  reporter.error('exit 1: the benchmark stopped; no report');
  process.exitCode = 1;
} finally {
  cleanUp();
}
