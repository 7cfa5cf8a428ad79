/**
 * The checks a build passes before it replaces dist/, on real files: the pages are read once, early
 * (checkPages, while the extras worker indexes them), and checkBuild reads only what came later,
 * then sees that every link-preview image a page names exists.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBuild, checkPages, REQUIRED_FILES } from '../../src/publish/check-build.ts';
import { readSiteSettings } from '../../src/site/config.ts';

const { siteUrl, attributionUrl } = readSiteSettings();
const CARD = 'og/site.png';

const page = ({ footer = true, card = CARD }: { footer?: boolean; card?: string } = {}) =>
  `<!doctype html><html><head><meta property="og:image" content="${new URL(card, siteUrl).href}"></head><body><main></main>` +
  `<footer><p>Data: <a href="${footer ? attributionUrl : 'https://elsewhere.example/'}">API</a></p></footer></body></html>`;

let work: string;
let dist: string;
const write = (rel: string, text: string) => {
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
    const early = checkPages(dist);
    expect(early.passed.has('configurations/a/index.html')).toBe(true);
    expect([early.configurationPages, early.modelPages]).toEqual([1, 1]);
    // The image comes with the extras, after the early check.
    write(CARD, 'png');
    const check = checkBuild(dist, work, { configurations: 1 }, [], early);
    const htmlFiles = REQUIRED_FILES.filter((f) => f.endsWith('.html')).length + 2;
    expect(check.pages).toBe(htmlFiles);
    expect(check.files).toBe(REQUIRED_FILES.length + 3);
    expect(check.bytes).toBeGreaterThan(htmlFiles * page().length - 1);
  });

  it('refuses a page without the attribution link in its footer, early or late', () => {
    write('tags/x/index.html', page({ footer: false }));
    expect(() => checkPages(dist)).toThrow('tags/x/index.html has no attribution link in its footer');
    rmSync(join(dist, 'tags/x'), { recursive: true });
    const early = checkPages(dist);
    // A page the merge brought in after the early check is read by checkBuild.
    write('badges/late.html', page({ footer: false }));
    write(CARD, 'png');
    expect(() => checkBuild(dist, work, { configurations: 1 }, [], early)).toThrow('badges/late.html has no attribution link in its footer');
  });

  it('refuses a page whose link-preview image is missing once everything is merged', () => {
    write('tags/y/index.html', page({ card: 'og/tags/y.png' }));
    const early = checkPages(dist);
    write(CARD, 'png');
    expect(() => checkBuild(dist, work, { configurations: 1 }, [], early)).toThrow('tags/y/index.html has no link-preview image');
    write('og/tags/y.png', 'png');
    expect(checkBuild(dist, work, { configurations: 1 }, [], early).pages).toBeGreaterThan(0);
  });

  it('refuses more configuration pages than configurations, and anything written beside dist/', () => {
    write(CARD, 'png');
    expect(() => checkBuild(dist, work, { configurations: 0 }, [], checkPages(dist))).toThrow('1 configuration pages for 0 configurations');
    writeFileSync(join(work, 'stray'), '');
    expect(() => checkBuild(dist, work, { configurations: 1 })).toThrow('the build wrote outside dist/: stray');
  });
});
