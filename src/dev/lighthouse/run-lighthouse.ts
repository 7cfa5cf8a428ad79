/**
 * Lighthouse (its mobile defaults: a phone's screen, simulated slow network and CPU) on pages of a
 * built site, served on loopback as a static host serves it (text gzipped), in Debian's Chromium:
 * nothing is downloaded. Its performance score depends on the machine's speed, so it is reported, never held
 * to; accessibility, best practices and SEO do not, and the e2e tier holds them.
 */
import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { serveStatic } from '../../publish/static-server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** A page's scores, 0 to 1, by category. */
export interface PageScores {
  path: string;
  scores: Record<Category, number>;
  /** The audits of a category that score below 1, each with its title, where a category is not whole. */
  failing: string[];
}

/** A free loopback port for Chromium's DevTools, which Lighthouse drives. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * Runs Lighthouse on each of `paths` of the site in `dist`, one after the other, in `categories`
 * (every one unless told; a category left out scores NaN).
 */
export async function lighthouseScores(dist: string, paths: readonly string[], categories: readonly Category[] = CATEGORIES): Promise<PageScores[]> {
  const site = await serveStatic({ dir: dist, gzip: true });
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1'],
    timeout: 120_000,
  });
  try {
    const out: PageScores[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${site.url.replace(/\/$/, '')}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { categories: scored, audits } = result.lhr;
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, categories.includes(c) ? (scored[c]?.score ?? 0) : Number.NaN])) as Record<Category, number>;
      const failing = categories.flatMap((c) =>
        (scored[c]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${c}: ${ref.id} (${audits[ref.id]?.score}) ${audits[ref.id]?.title ?? ''}`),
      );
      out.push({ path, scores, failing });
    }
    return out;
  } finally {
    await browser.close();
    await site.close();
  }
}

/** A page's scores as a report line: each category out of 100. */
export const scoresLine = (p: PageScores) =>
  `${p.path}: ${CATEGORIES.filter((c) => !Number.isNaN(p.scores[c]))
    .map((c) => `${c} ${Math.round(p.scores[c] * 100)}`)
    .join(', ')}`;
