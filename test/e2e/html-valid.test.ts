/**
 * Every HTML page of the bundled sample and of the larger fixture sites (hostile, large, and tight:
 * what a host leaves out) is valid HTML to a validator the ecosystem uses: html-validate with its recommended rules, as
 * `.htmlvalidate.mjs` sets them, and nothing after `</html>`. Each site's pages are validated in-process, shared among worker threads.
 * The fast tier validates the first and the largest page of each kind of the sample (test/system/sample-site.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { sharedSite, type SiteName } from '../helpers/shared-sites.ts';
import { validateSite } from '../helpers/html-validate.ts';

describe('the built pages', () => {
  it.each<SiteName>(['sample', 'hostile', 'large', 'tight'])(
    'of the %s site pass html-validate with no error',
    async (name) => {
      const site = await sharedSite(name);
      const started = performance.now();
      const report = await validateSite(site.dist);
      // A figure for the README, measured on every run; never asserted.
      console.info(`html-validate: ${report.pages} pages of the ${name} site in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(report.problems, `${report.errors} errors`).toEqual([]);
      expect(report.pages).toBeGreaterThan(50);
    },
    600_000,
  );
});
