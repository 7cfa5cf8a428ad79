/**
 * A stand-in for the Astro render (src/publish/astro-render.ts), for tests about what happens
 * around a render: a swap, a kill, a full disk, refresh's decisions. In a few milliseconds and in
 * this process it writes the contract's files that Astro writes, and as many model and configuration
 * pages as the build's plan makes (its render input's), each page with what the build's check requires
 * of one (the footer's attribution link, a link-preview image that exists); the
 * build around it (the extras worker, the data API, the check, the swap) is the real one.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Renderer } from '../../src/publish/build-site.ts';
import { requiredFiles } from '../../src/publish/check-build.ts';
import { siteOf } from '../../src/site/settings/config.ts';
import { fieldCountsOf } from '../../src/site/plan/field-counts.ts';
import { resolvePlan } from '../../src/site/plan/site-plan.ts';
import { readPublishedState } from '../../src/site/files/snapshot-db.ts';
import { summarizeSnapshot, withSnapshot } from '../../src/store/read-snapshot.ts';
import { escapeHtml } from '../../src/views/parts/html.ts';

/** The required files the publish step writes itself (the extras worker, the data API): the stub leaves them to it. */
const PUBLISH_STEP_FILES = new Set(['data/scores.csv', 'data/history.csv', 'data/manifest.json', 'data/history/index.json', 'pagefind/pagefind.js']);

/** The one link-preview image every stub page names; the extras worker writes the real cards beside it. */
export const STUB_CARD = 'og/stub-card.png';

/** What a stub render told to say its start prints on stderr, then whether the build had made the published snapshot file. */
export const STUB_STARTED = 'STUB_RENDER_STARTED';

/** What a stub render prints on stderr once its pages are written, when told to hold there. */
export const STUB_HOLDING = 'STUB_RENDER_HOLDING';

/** The data files the data API reads (src/publish/data-api.ts), each with an empty list. */
const DATA_LISTS: Record<string, string> = {
  'data/models.json': 'models',
  'data/model-list.json': 'models',
  'data/benchmarks.json': 'benchmarks',
  'data/tags.json': 'tags',
  'data/leaderboard.json': 'models',
};

const STUB_AGREEMENT = { configurations: 0, withEvidence: 0, spearman: null, topShared: 0, top: 0, mismatch: null };

/** A page; `bytes` pads it to at least that size (a page heavier than the plan's weights say). */
function page(path: string, siteUrl: string, attributionUrl: string, bytes = 0): string {
  const text = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    `<title>stub ${escapeHtml(path)}</title>`,
    `<meta property="og:image" content="${escapeHtml(siteUrl + STUB_CARD)}">`,
    `</head><body><main>stub page</main><footer><a href="${escapeHtml(attributionUrl)}">data</a></footer></body></html>`,
  ].join('');
  return text.length >= bytes ? text : `${text}<!--${'x'.repeat(bytes - text.length - 7)}-->`;
}

export interface StubOptions {
  /** After writing, print STUB_HOLDING and wait (at most a minute) instead of finishing: a test kills the build there. */
  hold?: boolean;
  /** As it starts, print STUB_STARTED and whether the build had handed over the published snapshot file. */
  sayStart?: boolean;
  /** Bytes of each model page, and of the leaderboard's first page (every target keeps it): pages heavier than the plan's weights say. */
  modelPageBytes?: number;
  indexBytes?: number;
}

/** A renderer for buildSite's `render` option. */
export function stubRender({ hold = false, sayStart = false, modelPageBytes = 0, indexBytes = 0 }: StubOptions = {}): Renderer {
  return (outDir, _logLevel, input, onProgress) => {
    // Said on stderr when asked, for a test of when the build makes the published snapshot file: before the render or beside it.
    if (sayStart) {
      const handedOver = existsSync(input.handover!);
      process.stderr.write(`${STUB_STARTED} ${handedOver ? 'after' : 'before'} the snapshot file was handed over\n`);
    }
    let stopped = false;
    let wake: () => void = () => {};
    // Ends the wait for the published snapshot file when the build stops this render (making the file failed).
    const waiting = new AbortController();
    const done = (async () => {
      const { siteUrl, attributionUrl } = siteOf(input.site);
      const write = (rel: string, text: string | Buffer) => {
        mkdirSync(dirname(join(outDir, rel)), { recursive: true });
        writeFileSync(join(outDir, rel), text);
      };
      // The plan's counts of model and configuration pages, which the check holds the build to (their paths are the stub's own).
      const counts = withSnapshot(input.snapshot, (r) => fieldCountsOf(r, 0, { files: 0, bytes: 0 }));
      const generatedAt = new Date(summarizeSnapshot(input.snapshot).generatedAt).toISOString();
      const { keep, compressedDownloads } = resolvePlan(input.plan, counts.models.length, 0);
      const pages = [
        ...Array.from({ length: keep.modelPages }, (_, i) => `models/stub-${i}/index.html`),
        ...Array.from(
          { length: counts.models.slice(0, keep.configurationPages).reduce((n, m) => n + m.configurations, 0) },
          (_, i) => `configurations/stub-${i}/index.html`,
        ),
      ];
      const required = requiredFiles(compressedDownloads).filter((f) => !PUBLISH_STEP_FILES.has(f) && !PUBLISH_STEP_FILES.has(f.replace(/\.gz$/, '')));
      // Told as Astro's process tells it (src/publish/render-progress.mjs): a phase, then the pages written of all.
      onProgress?.({ phase: 'bundling', done: undefined, total: undefined });
      const all = [...required, ...pages];
      for (const [i, rel] of all.entries()) {
        onProgress?.({ phase: undefined, done: i, total: all.length });
        const bytes = rel === 'index.html' ? indexBytes : rel.startsWith('models/') ? modelPageBytes : 0;
        if (rel.endsWith('.html')) write(rel, page(rel, siteUrl.href, attributionUrl, bytes));
        // models.json with the snapshot's date, which the manifest's staleAfter is computed from.
        else if (rel in DATA_LISTS) write(rel, `${JSON.stringify({ generatedAt, [DATA_LISTS[rel]!]: [] })}\n`);
        // The evidence's summary, which the manifest copies.
        else if (rel === 'data/evidence.json')
          write(rel, `${JSON.stringify({ generatedAt, agreement: STUB_AGREEMENT, ranges: { shown: false, withheld: 'stub' } })}\n`);
        else write(rel, `stub ${rel}\n`);
      }
      onProgress?.({ phase: undefined, done: all.length, total: all.length });
      write(STUB_CARD, Buffer.from('stub card'));
      // As the data page does: the parts of the published snapshot file, once the build has made it.
      const state = await readPublishedState(input.handover, undefined, waiting.signal);
      write('data/index.html', page(`data/ ${state?.parts.join(' ') ?? 'no snapshot file'}`, siteUrl.href, attributionUrl));
      if (hold) {
        process.stderr.write(`${STUB_HOLDING}\n`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 60_000);
        });
      }
      if (stopped) throw new Error('the stub render was stopped');
      return { peakKb: 0, cpuMs: 0 };
    })();
    done.catch(() => {});
    return {
      done,
      stop: () => {
        stopped = true;
        waiting.abort();
        wake();
      },
    };
  };
}
