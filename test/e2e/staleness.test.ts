/**
 * No silent staleness: a real build of a snapshot three days old with STALE_AFTER_HOURS=30 writes
 * the moment it turns stale into every page, data/snapshot.json and the manifest (and the feed says
 * the snapshot's date); in Chromium its pages show the notice from the first paint, moving nothing,
 * and not when the visitor's clock is before that moment or the browser runs no scripts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { captureReporter, runScript, tempDir } from '../helpers/env.ts';
import { fixtureExport } from '../helpers/fixture.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';
import { chromiumAvailable, launchChromium } from '../helpers/browser.ts';

const HOUR = 3_600_000;
// Whole minutes, three days before the test: older than the 30 hours the build is given.
const GENERATED_AT = Math.floor((Date.now() - 72 * HOUR) / 60_000) * 60_000;
const STALE_AFTER = GENERATED_AT + 30 * HOUR;
const available = chromiumAvailable();

let dir: { path: string; cleanup: () => void };
let site: BuiltSite;
let server: StaticServer;
let browser: Browser | undefined;

beforeAll(async () => {
  dir = tempDir('mirror-stale-');
  writeFileSync(join(dir.path, 'export.json'), JSON.stringify(fixtureExport({ hostile: false, generatedAt: GENERATED_AT })));
  const snapshot = join(dir.path, 'snapshot.db');
  const captured = captureReporter();
  const made = await snapshotCli(['--from-file', join(dir.path, 'export.json'), '--out', snapshot], { env: {}, reporter: captured.reporter });
  if (made.code !== 0) throw new Error(captured.text());
  const dist = join(dir.path, 'dist');
  const built = await runScript(
    'build.ts',
    // --new-history: the build asks no live site (SITE_URL names no host of this machine).
    ['--snapshot', snapshot, '--out', dist, '--new-history'],
    { STALE_AFTER_HOURS: '30', SITE_URL: 'https://mirror.example.net/' },
    { timeoutMs: 600_000 },
  );
  if (built.code !== 0) throw new Error(built.stderr);
  site = readSite(dist);
  server = await serveStatic({ dir: dist });
  if (available) browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  dir?.cleanup();
});

describe('a build of a snapshot past its threshold', () => {
  it('writes the moment it turns stale into every page, with the notice rendered and hidden', () => {
    // Every page of the layout: the redirect pages of /leaderboard/ are no pages of their own.
    const pages = [...site.html].filter(([, $]) => $('header.site-header').length > 0);
    expect(pages.length).toBeGreaterThan(20);
    for (const [file, $] of pages) {
      expect($('html').attr('data-stale-after'), file).toBe(String(STALE_AFTER));
      expect($('header .stale-notice').length, file).toBe(1);
      expect($('head script[src*="stale-notice"]').length, file).toBe(1);
    }
    const $ = site.html.get('index.html')!;
    expect($('.stale-notice time').attr('datetime')).toBe(new Date(GENERATED_AT).toISOString());
    expect($('.stale-notice').text()).toMatch(/Possibly out of date\.\s+This copy holds the rankings of/);
  });

  it('gives clients the dates to judge it themselves: data/snapshot.json, the manifest and the feed', () => {
    const iso = new Date(STALE_AFTER).toISOString();
    expect(JSON.parse(site.read('data/snapshot.json'))).toMatchObject({ generatedAt: new Date(GENERATED_AT).toISOString(), staleAfter: iso });
    expect(JSON.parse(site.read('data/manifest.json'))).toMatchObject({ generatedAt: new Date(GENERATED_AT).toISOString(), staleAfter: iso });
    expect(/<feed[^]*?<updated>([^<]+)<\/updated>/.exec(site.read('changes/feed.xml'))?.[1]).toBe(new Date(GENERATED_AT).toISOString());
  });
});

describe.skipIf(!available)('the staleness notice in Chromium', () => {
  /**
   * Opens `path`, summing every layout shift since the page started (buffered), with the visitor's
   * clock at `now` when given, on a CPU `slowdown` times slower (Chromium paints a page it has not
   * finished parsing when parsing is slow: a loaded machine's, a phone's).
   */
  async function visit(path: string, { now, javaScript = true, slowdown = 1 }: { now?: number; javaScript?: boolean; slowdown?: number } = {}) {
    const context = await browser!.newContext({ javaScriptEnabled: javaScript, viewport: { width: 1280, height: 800 } });
    const page: Page = await context.newPage();
    if (slowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    if (now !== undefined) await page.clock.setFixedTime(now);
    await page.goto(`${server.url.replace(/\/$/, '')}${path}`);
    const visible = await page.locator('.stale-notice').isVisible();
    const shift = javaScript
      ? await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let sum = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) sum += (entry as unknown as { value: number }).value;
              }).observe({ type: 'layout-shift', buffered: true });
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(sum)));
            }),
        )
      : 0;
    const box = visible ? await page.locator('.stale-notice').boundingBox() : null;
    await context.close();
    return { visible, shift, box };
  }

  it('shows it on every kind of page from the first paint, at the top, moving nothing, on a fast CPU and a slow one', async () => {
    for (const [path, slowdown] of ['/', '/about/', '/models/quillon-3/', '/configurations/quillon-3-high/', '/data/'].flatMap((p) => [
      [p, 1] as const,
      [p, 10] as const,
    ])) {
      const seen = await visit(path, { slowdown });
      expect(seen.visible, path).toBe(true);
      expect(seen.box!.y, path).toBeLessThan(200);
      // Nothing moves at all: not the header as the page arrives, not the leaderboard's rows as its script starts.
      expect(seen.shift, `${path} at ${slowdown}× slower`).toBe(0);
    }
  }, 240_000);

  it('does not show it while the visitor’s clock is before the moment, nor to a browser that runs no scripts', async () => {
    expect((await visit('/', { now: STALE_AFTER - HOUR })).visible).toBe(false);
    expect((await visit('/', { now: STALE_AFTER + HOUR })).visible).toBe(true);
    expect((await visit('/', { javaScript: false })).visible).toBe(false);
  }, 120_000);
});
