/**
 * Debian's Chromium driven by playwright-core: nothing is downloaded. Outside CI a missing
 * Chromium skips the browser tests with a loud message; with CI=true it fails them.
 *
 * The tests drive Debian's `chromium-headless-shell` where it is installed (`.ci/run` installs
 * it): the same Blink, V8 and version as the `chromium` package, built as the headless shell that
 * Playwright's own headless runs use, without the full browser around it. The browser tests take
 * well under half the CPU with it (docs/testing.md). Without it they drive `chromium`. The bench's
 * measures of `/rank/` and `npm run lighthouse` drive `chromium`, the browser a visitor runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { loaded } from './browser-session.ts';
import { ROOT } from './env.ts';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** True when the browser tests can run; prints why not, and throws in CI where they must. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `Chromium not found at ${CHROMIUM_PATH}: the browser tests cannot run (install Debian's chromium-headless-shell or chromium package, or set CHROMIUM_PATH)`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n!!! ${message}. SKIPPING the browser tests.\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true, timeout: 120_000 });
}

const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');
/** WCAG 2.2 A and AA, and best practices: what the light theme is checked against. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
/** The rules whose result depends on the colours, all a theme changes: the dark theme runs only these. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's violations on the page as it is now, a line each (its rule and up to three of its nodes), in a theme's rules. */
export async function axeViolations(page: Page, colorScheme: 'light' | 'dark'): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const only = colorScheme === 'light' ? { type: 'tag', values: AXE_TAGS } : { type: 'rule', values: COLOUR_RULES };
  return page.evaluate(async (runOnly) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } })
      .axe;
    // Only violations are read: computing passes and incompletes too doubles the time.
    const result = await axe.run(document, { runOnly, resultTypes: ['violations'] });
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
  }, only);
}

/** From now on, every page of `context` adds up the layout shifts not caused by input, from its navigation on. */
export async function countLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.layoutShift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift of a page of such a context once it has loaded all it asked for and laid out the last of it. */
async function settledLayoutShift(page: Page): Promise<number> {
  await loaded(page);
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/**
 * Opens each of `paths` with `open` (at most `atOnce` at a time) in a context counting layout shifts,
 * and gives those whose layout shift once settled is 0.05 or more (as `path: shift`), the bound a page
 * must stay under; each page's figure is printed, for the docs.
 */
export async function shiftedPages(open: (path: string) => Promise<Page>, paths: readonly string[], width: number, atOnce = 1): Promise<string[]> {
  const shifts: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, paths.length) }, async () => {
      while (next < paths.length) {
        const path = paths[next++]!;
        const page = await open(path);
        const shift = await settledLayoutShift(page);
        console.info(`layout shift at ${width} px: ${path} ${shift.toFixed(3)}`);
        if (shift >= 0.05) shifts.push(`${path}: ${shift.toFixed(3)}`);
        await page.close();
      }
    }),
  );
  return shifts;
}
