/**
 * `npm run fit-weights -- --snapshot PATH --site DIR [--snapshot PATH --site DIR ...]`: the plan's
 * weights fitted, page by page, on sites built by `npm run build` (each beside the plan it was built
 * with), and each site's kinds of output against their estimate before and after; `--json PATH` also
 * writes the fitted weights.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fitReport, fitWeights } from '../src/dev/weights/fit-weights.ts';
import { readSiteSettings } from '../src/site/settings/config.ts';

const USAGE = 'Usage: npm run fit-weights -- --snapshot PATH --site DIR [--snapshot PATH --site DIR ...] [--json PATH]';
let values;
try {
  ({ values } = parseArgs({
    options: { snapshot: { type: 'string', multiple: true }, site: { type: 'string', multiple: true }, json: { type: 'string' }, help: { type: 'boolean' } },
    strict: true,
  }));
} catch (err) {
  console.error(`error: ${(err as Error).message.split('\n')[0]}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const snapshots = values.snapshot ?? [];
const sites = values.site ?? [];
if (sites.length === 0 || snapshots.length !== sites.length) {
  console.error(`error: give a --snapshot for each --site\n${USAGE}`);
  process.exit(2);
}
try {
  const fit = fitWeights(
    sites.map((dist, i) => ({ snapshot: snapshots[i]!, dist })),
    readSiteSettings(process.env).cardModels,
  );
  console.log(fitReport(fit));
  if (values.json) writeFileSync(values.json, `${JSON.stringify(fit.weights, null, 2)}\n`);
} catch (err) {
  console.error(`error: ${(err as Error)?.message ?? String(err)}`);
  process.exitCode = 1;
}
