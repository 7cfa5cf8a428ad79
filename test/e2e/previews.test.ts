/**
 * Link previews and rank badges in a real build (the hostile fixture, SITE_URL set), and one more
 * build over a copy of it with CARD_MODELS=3, with the stub render (src/dev/stub-render/stub-build.ts),
 * since cards, badges, feeds and the search index are the publish step's: the cards whose inputs
 * did not change are reused, and only the top 3 models get one. That models below the top show the
 * site's card on their pages is checked on a real render in scale.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { copyProject, runScript, tempDir } from '../helpers/env.ts';
import { HOSTILE_ENV, sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';
import { HOSTILE_NAME } from '../helpers/fixture.ts';
import { pngSize } from '../helpers/png.ts';
import { cleanText } from '../../src/site/format/text.ts';
import { CARD_MANIFEST, type CardManifest } from '../../src/publish/extras.ts';

const { SITE_URL } = HOSTILE_ENV;

let fixture: BuiltFixture;
let site: BuiltSite;
/** The second build: over a copy of the shared site, with CARD_MODELS=3 and the stub render. */
let again: { site: BuiltSite; stdout: string };
let dir: { path: string; cleanup: () => void };

const meta = (site: BuiltSite, page: string, key: string) => {
  const $ = site.html.get(page)!;
  return $(`meta[property="${key}"], meta[name="${key}"]`).attr('content');
};
const cardFile = (site: BuiltSite, page: string) => meta(site, page, 'og:image')!.slice(SITE_URL.length);
const modelPages = (site: BuiltSite) => site.files.filter((f) => /^models\/[^/]+\/index\.html$/.test(f));
/** Model pages in model rank order, as the model list has them. */
const byRank = (site: BuiltSite) =>
  (JSON.parse(site.read('data/model-list.json')) as { models: [string][] }).models.map(([segment]) => `models/${segment}/index.html`);

beforeAll(async () => {
  fixture = await sharedSite('hostile');
  site = readSite(fixture.dist);
  dir = tempDir();
  const dist = join(dir.path, 'dist');
  cpSync(fixture.dist, dist, { recursive: true });
  // In a copy of the project, whose build lock no other test file's build holds.
  const r = await runScript(
    '../src/dev/stub-render/stub-build.ts',
    ['--snapshot', fixture.snapshot, '--out', dist],
    { ...HOSTILE_ENV, CARD_MODELS: '3' },
    { cwd: copyProject(join(dir.path, 'project')), timeoutMs: 120_000 },
  );
  if (r.code !== 0) throw new Error(`the second build failed:\n${r.stdout}\n${r.stderr}`);
  again = { site: readSite(dist), stdout: r.stdout };
}, 900_000);

afterAll(() => dir?.cleanup());

describe('link previews', () => {
  it('gives every page an absolute og:image of 1200×630 PNG with its size, alt text and a large Twitter card', () => {
    for (const page of site.html.keys()) {
      const url = meta(site, page, 'og:image')!;
      expect(url, page).toMatch(new RegExp(`^${SITE_URL}og/.+\\.png$`));
      if (page.startsWith('leaderboard/')) continue; // the redirect pages: an image, no more
      expect(pngSize(readFileSync(join(site.dist, url.slice(SITE_URL.length)))), page).toEqual({ width: 1200, height: 630 });
      expect([meta(site, page, 'og:image:width'), meta(site, page, 'og:image:height')], page).toEqual(['1200', '630']);
      expect(meta(site, page, 'og:image:alt')?.length, page).toBeGreaterThan(20);
      expect(meta(site, page, 'twitter:card'), page).toBe('summary_large_image');
    }
  });

  it('gives the leaderboard, every tag and the top models a card of their own, and every other page the site’s card', () => {
    expect(cardFile(site, 'index.html')).toMatch(/^og\/leaderboard-[0-9a-f]{12}\.png$/);
    for (const page of site.files.filter((f) => /^tags\/[^/]+\/index\.html$/.test(f)))
      expect(cardFile(site, page), page).toMatch(new RegExp(`^og/${page.replace('/index.html', '')}-[0-9a-f]{12}\\.png$`));
    for (const page of modelPages(site)) expect(cardFile(site, page), page).toMatch(new RegExp(`^og/${page.replace('/index.html', '')}-[0-9a-f]{12}\\.png$`));
    const siteCard = cardFile(site, 'about/index.html');
    expect(siteCard).toMatch(/^og\/site-[0-9a-f]{12}\.png$/);
    for (const page of ['configurations/quillon-3-high/index.html', 'benchmarks/index.html', 'changes/index.html', '404.html'])
      expect(cardFile(site, page), page).toBe(siteCard);
  });

  it('says in a card’s alt text what it shows: the model’s name, provider, model rank, supraScore and the snapshot date', () => {
    const alt = meta(site, 'models/quillon-3/index.html', 'og:image:alt');
    expect(alt).toMatch(/^Quillon 3 by Acme Labs: model rank 1 of 16, supraScore 91\.3, snapshot of 2026-11-16$/);
    expect(
      meta(
        site,
        byRank(site).find((p) => p.includes('evil'))!,
        'og:image:alt',
      ),
    ).toContain(cleanText(HOSTILE_NAME).replace(/[\u2066-\u2069\u202a-\u202e]/g, ''));
  });

  /** The cards the second build published, as its card list names them. */
  const againCards = () => (JSON.parse(again.site.read(CARD_MANIFEST)) as CardManifest).files;

  it('gives only the top CARD_MODELS models a card of their own', () => {
    const top = byRank(site)
      .slice(0, 3)
      .map((p) => p.split('/')[1]);
    const models = againCards().filter((f) => f.startsWith('og/models/'));
    expect(models.map((f) => /^og\/models\/(.+)-[0-9a-f]{12}\.png$/.exec(f)?.[1]).sort()).toEqual([...top].sort());
  });

  it('reuses the previous build’s cards whose inputs did not change, byte for byte, and its search index of the same records', () => {
    const cards = againCards();
    expect(cards.length).toBeGreaterThan(5);
    expect(again.stdout).toMatch(new RegExp(`extras .*\\(${cards.length} cards \\(0 rendered, ${cards.length} reused\\)`));
    // The worker says what it did and what it cost, its own memory included (it is outside the build's peak).
    expect(again.stdout).toMatch(
      /search index of \d+ pages reused in [\d.]+ s, (?:beside|after) the render; worker [\d.]+ s, [\d.]+ s CPU, peak [1-9]\d* MB; Pagefind peak 0 MB\)/,
    );
    for (const file of ['pagefind/pagefind-entry.json', 'pagefind/inputs.json'])
      expect(readFileSync(join(again.site.dist, file)).equals(readFileSync(join(fixture.dist, file))), file).toBe(true);
    for (const card of cards) expect(readFileSync(join(again.site.dist, card)).equals(readFileSync(join(fixture.dist, card))), card).toBe(true);
  });

  it('keeps every feed entry’s id when the site is built again', () => {
    // The feeds of every model and tag, which the publish step writes (the stub render writes no changes feed).
    const ids = (s: BuiltSite) =>
      s.files
        .filter((f) => f.endsWith('feed.xml') && f !== 'changes/feed.xml')
        .flatMap((f) => [...s.read(f).matchAll(/<entry>\s*<title>[^<]*<\/title>\s*<id>([^<]+)<\/id>/g)].map((m) => m[1]));
    expect(ids(site).length).toBeGreaterThan(5);
    expect(ids(again.site)).toEqual(ids(site));
  });
});

describe('rank badges', () => {
  it('writes an SVG badge and a shields.io endpoint for every model', () => {
    const segments = modelPages(site).map((p) => p.split('/')[1]);
    // Beside each model's page: a folder of its own, so no folder grows with the field's size.
    expect(site.files.filter((f) => /\/badge\.(svg|json)$/.test(f)).sort()).toEqual(
      segments.flatMap((s) => [`models/${s}/badge.json`, `models/${s}/badge.svg`]).sort(),
    );
    expect(site.files.some((f) => f.startsWith('badges/'))).toBe(false);
    for (const s of segments) {
      const endpoint = JSON.parse(site.read(`models/${s}/badge.json`)) as Record<string, unknown>;
      expect(endpoint, s).toMatchObject({ schemaVersion: 1, label: 'model rank', cacheSeconds: 3600 });
      expect(endpoint.message, s).toMatch(/^=?\d+ of 16 · supraScore \d+(\.\d+)? vs top 10 · 2026-11-16$/);
    }
  });

  it('writes every badge as well-formed SVG that names the model, even a hostile name, as text', () => {
    for (const file of site.files.filter((f) => f.endsWith('/badge.svg'))) {
      let title = '';
      let inTitle = false;
      const parser = new SaxesParser();
      parser.on('error', (e) => {
        throw new Error(`${file}: ${e.message}`);
      });
      parser.on('opentag', (t) => (inTitle = t.name === 'title'));
      parser.on('text', (t) => inTitle && (title += t));
      parser.on('closetag', () => (inTitle = false));
      parser.write(site.read(file)).close();
      expect(title, file).toMatch(/: model rank =?\d+ of 16, supraScore [\d.]+ \(expected win rate against the current top 10\), snapshot of 2026-11-16$/);
    }
    const evil = site.files.find((f) => /^models\/evil[^/]*\/badge\.svg$/.test(f))!;
    expect(site.read(evil)).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;Evil &amp; Co');
  });

  it('shows the badge on its model page with the Markdown and HTML to embed it, escaped', () => {
    const page = modelPages(site).find((p) => p.includes('evil'))!;
    const $ = site.html.get(page)!;
    const segment = page.split('/')[1];
    const img = $(`img[src="/models/${segment}/badge.svg"]`);
    expect(img.length).toBe(1);
    // Sized as the badge draws itself, so the page does not move when it loads.
    const svg = site.read(`models/${segment}/badge.svg`);
    expect([img.attr('width'), img.attr('height')]).toEqual([/ width="(\d+(?:\.\d+)?)"/.exec(svg)![1], '20']);
    const [markdown, html] = $('pre.snippet code')
      .map((_, c) => $(c).text())
      .get();
    expect(markdown).toBe(
      `[![Model rank of \\<img src=x onerror="alert\\(1\\)"\\>Evil \\& Co](${SITE_URL}models/${segment}/badge.svg)](${SITE_URL}models/${segment}/)`,
    );
    expect(html).toBe(
      `<a href="${SITE_URL}models/${segment}/"><img src="${SITE_URL}models/${segment}/badge.svg" alt="Model rank of &lt;img src=x onerror=&quot;alert(1)&quot;&gt;Evil &amp; Co" height="20"></a>`,
    );
    expect($('img[src="x"]').length).toBe(0);
  });
});
