/**
 * Site search: Pagefind indexes one record per model, configuration, benchmark and tag (written
 * from the snapshot's data by search-records.ts) and writes its index and scripts into
 * `dist/pagefind/`, which the search box loads when a visitor starts typing. The extras worker
 * runs it while Astro renders, so the index costs the build no time of its own on two cores.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import type { SearchRecord } from '../site/search-records.ts';

/** The folder of the index under dist/, and what the search box loads from it. */
export const SEARCH_DIR = 'pagefind';

/** Pagefind's ready-made interfaces, which the site's own search box does not load. */
const UNUSED = [
  'pagefind-ui.js',
  'pagefind-ui.css',
  'pagefind-modular-ui.js',
  'pagefind-modular-ui.css',
  'pagefind-component-ui.js',
  'pagefind-component-ui.css',
  'pagefind-highlight.js',
];

/**
 * Has Pagefind index `records` and write the index into `site`/pagefind/ (`site` laid out as
 * `dist/`). Resolves once Pagefind holds every record; `written` settles when its files are
 * written, which Pagefind does in its own process while the caller goes on with other work.
 */
export async function indexForSearch(site: string, records: Iterable<SearchRecord>): Promise<{ pages: number; written: Promise<void> }> {
  let pages = 0;
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
    const adding: Promise<{ errors: string[] }>[] = [];
    for (const { url, title, kind, content } of records) {
      adding.push(index.addCustomRecord({ url, content, language: 'en', meta: { title, kind } }));
    }
    pages = adding.length;
    const failed = (await Promise.all(adding)).flatMap((r) => r.errors);
    if (failed.length) throw new Error(`pagefind could not index the pages: ${failed.slice(0, 3).join('; ')}`);
    const written = index
      .writeFiles({ outputPath: join(site, SEARCH_DIR) })
      .then((w) => {
        if (w.errors.length) throw new Error(`pagefind could not write its index: ${w.errors.join('; ')}`);
        for (const file of UNUSED) rmSync(join(site, SEARCH_DIR, file), { force: true });
      })
      .finally(() => pagefind.close());
    written.catch(() => {});
    return { pages, written };
  } catch (err) {
    await pagefind.close();
    throw err;
  }
}
