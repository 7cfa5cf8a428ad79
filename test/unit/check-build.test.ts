/**
 * The checks a build passes before it replaces dist/, on real files: the pages are read once, early
 * (checkPages, while the extras worker indexes them), and checkBuild reads only what came later,
 * then sees that every link-preview image a page names exists.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBuild, checkPages, requiredFiles, type Expected } from '../../src/publish/check-build.ts';
import { readSiteSettings } from '../../src/site/settings/config.ts';

const SITE = readSiteSettings({});
const { siteUrl, attributionUrl } = SITE;
const CARD = 'og/site.png';
const REQUIRED_FILES = requiredFiles(false);
/** The plan of a site with one model and its one configuration, and no target. */
const ONE: Expected = { modelPages: 1, configurationPages: 1, compressedDownloads: false, target: undefined };

const page = ({ footer = true, card = CARD }: { footer?: boolean; card?: string } = {}) =>
  `<!doctype html><html><head><meta property="og:image" content="${new URL(card, siteUrl).href}"></head><body><main></main>` +
  `<footer><p>Data: <a href="${footer ? attributionUrl : 'https://elsewhere.example/'}">API</a></p></footer></body></html>`;

let work: string;
let dist: string;
const write = (rel: string, text: string | Buffer) => {
  mkdirSync(dirname(join(dist, rel)), { recursive: true });
  writeFileSync(join(dist, rel), text);
};

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'mirror-check-'));
  dist = join(work, 'dist');
  for (const rel of REQUIRED_FILES) write(rel, rel.endsWith('.html') ? page() : '{}');
  write('configurations/a/index.html', page());
  write('models/a/index.html', page());
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('the build check', () => {
  it('passes a whole site, counting its pages, files and bytes, the early pages not read again', () => {
    const early = checkPages(dist, SITE);
    expect(early.passed.has('configurations/a/index.html')).toBe(true);
    expect([early.configurationPages, early.modelPages]).toEqual([1, 1]);
    // The image comes with the extras, after the early check.
    write(CARD, 'png');
    const check = checkBuild(dist, work, ONE, SITE, [], early);
    const htmlFiles = REQUIRED_FILES.filter((f) => f.endsWith('.html')).length + 2;
    expect(check.pages).toBe(htmlFiles);
    expect(check.files).toBe(REQUIRED_FILES.length + 3);
    expect(check.bytes).toBeGreaterThan(htmlFiles * page().length - 1);
  });

  it('refuses a page without the attribution link in its footer, early or late', () => {
    write('tags/x/index.html', page({ footer: false }));
    expect(() => checkPages(dist, SITE)).toThrow('tags/x/index.html has no attribution link in its footer');
    rmSync(join(dist, 'tags/x'), { recursive: true });
    const early = checkPages(dist, SITE);
    // A page the merge brought in after the early check is read by checkBuild.
    write('badges/late.html', page({ footer: false }));
    write(CARD, 'png');
    expect(() => checkBuild(dist, work, ONE, SITE, [], early)).toThrow('badges/late.html has no attribution link in its footer');
  });

  it('refuses a page whose link-preview image is missing once everything is merged', () => {
    write('tags/y/index.html', page({ card: 'og/tags/y.png' }));
    const early = checkPages(dist, SITE);
    write(CARD, 'png');
    expect(() => checkBuild(dist, work, ONE, SITE, [], early)).toThrow('tags/y/index.html has no link-preview image');
    write('og/tags/y.png', 'png');
    expect(checkBuild(dist, work, ONE, SITE, [], early).pages).toBeGreaterThan(0);
  });

  it('refuses another count of model or configuration pages than its plan makes, and anything written beside dist/', () => {
    write(CARD, 'png');
    expect(() => checkBuild(dist, work, { ...ONE, configurationPages: 0 }, SITE, [], checkPages(dist, SITE))).toThrow(
      '1 configuration pages where its plan makes 0',
    );
    expect(() => checkBuild(dist, work, { ...ONE, modelPages: 2 }, SITE, [], checkPages(dist, SITE))).toThrow('1 model pages where its plan makes 2');
    writeFileSync(join(work, 'stray'), '');
    expect(() => checkBuild(dist, work, ONE, SITE)).toThrow('the build wrote outside dist/: stray');
  });

  it("measures the site as hosts count it, and refuses one over its target's limit, having said what it measured", () => {
    write(CARD, 'png');
    for (let i = 0; i < 30; i++) write(`configurations/a/extra-${i}.txt`, 'x'.repeat(1000));
    let measured: number | undefined;
    const check = checkBuild(dist, work, ONE, SITE, [], checkPages(dist, SITE), (m) => (measured = m.files));
    expect(check.figures.largestFolder).toEqual({ path: 'configurations/a', entries: 31 });
    expect(check.figures.largestFile.bytes).toBe(1000);
    expect(check.figures.kinds['configuration-page'].files).toBe(31);
    expect(measured).toBe(check.files);
    // Vercel's Hobby plan takes 15,000 files and 100 MB: a site past either is never handed over.
    write('data/big.bin', Buffer.alloc(101 * 1_000_000));
    measured = undefined;
    expect(() => checkBuild(dist, work, { ...ONE, target: 'vercel-hobby' }, SITE, [], checkPages(dist, SITE), (m) => (measured = m.bytes))).toThrow(
      /the site is over Vercel \(Hobby\)'s limits: whole site 101 MB of 100 MB/,
    );
    expect(measured).toBeGreaterThan(100_000_000);
    expect(checkBuild(dist, work, { ...ONE, target: 'bucket' }, SITE, [], checkPages(dist, SITE)).bytes).toBeGreaterThan(100_000_000);
  });

  it('holds a site whose plan gzips the large downloads to scores.csv.gz and history.csv.gz', () => {
    write(CARD, 'png');
    expect(() => checkBuild(dist, work, { ...ONE, compressedDownloads: true }, SITE, [], checkPages(dist, SITE))).toThrow(
      'the build is missing data/scores.csv.gz, data/history.csv.gz',
    );
  });
});
