/**
 * The source's likely ranges as the build published them (`/data/rank/ranges.json`): what a
 * ranking in the source's proportions draws instead of resampling them (the same ranges, to the
 * place, for seconds less work). Read once, and again after a failure. The ranking worker reads
 * them (rank-worker.ts), and the page itself where a browser has no module workers (page-ranker.ts).
 */
import { timed, type RankResult } from './rank-engine.ts';
import { readJson } from '../site/compare/model-data.ts';
import { publishedRowRanges, type PublishedRanges, type RowRanges } from '../site/lists/rank-list.ts';

/** A reader of the ranges published at `url` (none: there are none to read) for a ranking's rows. */
export function publishedRangesReader(url: string | undefined): (result: RankResult) => Promise<RowRanges | undefined> {
  let file: Promise<PublishedRanges> | undefined;
  return async (result) => {
    if (!url || !result.summary.source) return undefined;
    const reading = performance.now();
    file ??= fetch(url).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status} for ${r.url}`);
      return readJson<PublishedRanges>(r);
    });
    try {
      return timed('published', reading, publishedRowRanges(result.rows, await file));
    } catch {
      // Undefined: the ranges are made instead; the next ranking reads the file again.
      file = undefined;
      return undefined;
    }
  };
}
