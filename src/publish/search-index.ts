/**
 * Site search: Pagefind indexes the built pages of models, configurations, benchmarks and tags
 * (the part of each page marked `data-pagefind-body`) and writes its index and scripts into
 * `dist/pagefind/`, which the search box loads when a visitor starts typing.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';

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

/** Only these pages carry searchable content; the glob saves parsing the others. */
const SEARCHED = '{models,configurations,benchmarks,tags}/**/index.html';

export async function writeSearchIndex(dist: string): Promise<{ pages: number }> {
  try {
    const { index, errors } = await pagefind.createIndex({ forceLanguage: 'en' });
    if (!index) throw new Error(`pagefind could not start: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dist, glob: SEARCHED });
    if (added.errors.length) throw new Error(`pagefind could not index the pages: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: join(dist, SEARCH_DIR) });
    if (written.errors.length) throw new Error(`pagefind could not write its index: ${written.errors.join('; ')}`);
    for (const file of UNUSED) rmSync(join(dist, SEARCH_DIR, file), { force: true });
    return { pages: added.page_count };
  } finally {
    await pagefind.close();
  }
}
