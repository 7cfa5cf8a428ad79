/**
 * `npm run lighthouse -- [--dist DIR] [PATH...]`: Lighthouse's four scores (mobile) for pages of a
 * built site (default: dist/ and /rank/), one line a page, and each audit that kept a category
 * from 100. It reports; it fails only when Lighthouse cannot run.
 */
import { parseArgs } from 'node:util';
import { lighthouseScores, scoresLine } from '../src/dev/lighthouse/run-lighthouse.ts';

const { values, positionals } = parseArgs({ options: { dist: { type: 'string', default: 'dist' } }, allowPositionals: true, strict: true });
const paths = positionals.length ? positionals : ['/rank/'];
try {
  for (const page of await lighthouseScores(values.dist, paths)) {
    console.log(scoresLine(page));
    for (const audit of page.failing) console.log(`  ${audit}`);
  }
} catch (err) {
  console.error(`error: Lighthouse could not run: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
