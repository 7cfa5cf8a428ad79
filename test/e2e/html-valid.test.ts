/**
 * The HTML pages of the bundled sample and of the larger fixture sites (hostile, large, and tight: what a host leaves out) are
 * valid HTML to a validator the ecosystem uses: html-validate with its recommended rules, as `.htmlvalidate.mjs` sets them, and
 * nothing after `</html>`. Each site's pages are validated in-process, by the one worker thread the test process keeps.
 *
 * Every page of the hostile site, whose strings differ from page to page. Of the sample, the large site and the tight site (the
 * sample's data under a host's limits), which are the same templates over generated data, each kind of page's first, largest and
 * smallest page and the one with the longest path, and an eighth of the others drawn with a seed that changes from run to run:
 * printed, and in a failure's message, so `HTML_VALIDATE_SEED=<seed>` validates the same pages again
 * (test/helpers/html-validate.ts). Every page of the tight site (396) took 13 s; the file 28 s of CPU where it now takes 18 (alone, its sites built). What a host leaves out is
 * in every page's links, which the link check reads on every page (test/e2e/targets.test.ts).
 * The fast tier validates the first and the largest page of each kind of the sample (test/system/sample-site.test.ts).
 */
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sharedSite, type SiteName } from '../helpers/shared-sites.ts';
import { pagesOfEachKind, validateSite } from '../helpers/html-validate.ts';

const seed = process.env.HTML_VALIDATE_SEED ? Number(process.env.HTML_VALIDATE_SEED) : randomInt(2 ** 31);
/** The share of each kind's other pages validated on the sites not validated page by page. */
const SHARE = 1 / 8;

describe('the built pages', () => {
  it.each<[SiteName, boolean]>([
    ['sample', false],
    ['hostile', true],
    ['large', false],
    ['tight', false],
  ])(
    'of the %s site pass html-validate with no error (every page: %s)',
    async (name, everyPage) => {
      const site = await sharedSite(name);
      const pages = everyPage ? undefined : pagesOfEachKind(site.dist, { seed, share: SHARE });
      const started = performance.now();
      const report = await validateSite(site.dist, pages);
      const which = everyPage ? 'every page' : `pages of each kind, seed ${seed}`;
      // A figure for the README, measured on every run; never asserted.
      console.info(`html-validate: ${report.pages} pages of the ${name} site (${which}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(report.problems, `${report.errors} errors (${which}; HTML_VALIDATE_SEED=${seed} validates the same pages)`).toEqual([]);
      expect(report.pages).toBeGreaterThan(50);
    },
    600_000,
  );
});
