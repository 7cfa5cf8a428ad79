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
const { values } = parseArgs({
  options: { snapshot: { type: 'string', multiple: true }, site: { type: 'string', multiple: true }, json: { type: 'string' } },
  strict: true,
});
const snapshots = values.snapshot ?? [];
const sites = values.site ?? [];
if (sites.length === 0 || snapshots.length !== sites.length) {
  console.error(USAGE);
  process.exit(2);
}
const fit = fitWeights(
  sites.map((dist, i) => ({ snapshot: snapshots[i]!, dist })),
  readSiteSettings().cardModels,
);
console.log(fitReport(fit));
if (values.json) writeFileSync(values.json, `${JSON.stringify(fit.weights, null, 2)}\n`);
