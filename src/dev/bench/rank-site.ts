/**
 * `npm run bench -- --rank-site DIR`: /rank/ measured alone, without the stages, on the site with
 * details for every configuration in DIR, so a change to the page's scripts is measured by a build
 * and a browser, not by the whole bench. Where DIR holds no site, it is built there from the size's
 * generated snapshot with details, kept beside it as DIR.db and reused by the next build.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchOptions } from './args.ts';
import { readNodeCommands } from './npm-script.ts';
import { sizeFor } from './proportions.ts';
import { measureRankPage, rankLines, type RankResult } from './rank-page.ts';
import { storeDetails } from './size-details.ts';
import { prepareInputs } from './size-inputs.ts';
import { SizeRun, type BenchContext } from './size-run.ts';
import { REPO_ROOT } from './stage-process.ts';

/** The site with details in `dir`, built first where it holds none; then /rank/ on it, `options.runs` times. */
export async function benchRankSite(dir: string, options: BenchOptions, ctx: BenchContext): Promise<{ lines: string[]; runs: RankResult[] }> {
  const configurations = options.sizes[0]!;
  if (!existsSync(join(dir, 'data/rank.json'))) {
    const commands = readNodeCommands(REPO_ROOT, ['snapshot', 'build', 'refresh'] as const);
    const sr = new SizeRun(configurations, { ...options, details: true, targets: [] }, commands, ctx);
    const snapshot = `${dir}.db`;
    try {
      if (!existsSync(snapshot)) {
        const inputs = prepareInputs(sr, sizeFor(configurations));
        await storeDetails(sr, inputs, inputs.detailsFiles!.paths, snapshot);
      } else sr.say(`reusing ${snapshot}`);
      const { res } = await sr.timedBuild('build with details', snapshot, dir, 3 * sr.timeoutMs);
      sr.note('build with details', res, ` into ${dir}`);
    } finally {
      sr.endProgress();
    }
  }
  const runs: RankResult[] = [];
  for (let run = 1; run <= options.runs; run++) {
    const result = await measureRankPage(dir);
    if (!result) throw new Error(`${dir} has no /data/rank.json: not a build of this site with /rank/`);
    runs.push(result);
    for (const line of rankLines(result)) ctx.log(`[rank ${run}/${options.runs}] ${line.slice(2)}`);
  }
  const lines = runs.flatMap((r, i) => [
    `### /rank/ at ${configurations.toLocaleString('en-US')} configurations, run ${i + 1} of ${runs.length}`,
    '',
    ...rankLines(r),
    '',
  ]);
  return { lines, runs };
}
