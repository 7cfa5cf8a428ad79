/**
 * `/rank/`'s rankings where a browser has no module workers: made in the page itself by the
 * workers' module (rank-engine.ts, loaded only then), their ranges resampled after the rows are
 * drawn, or for a ranking in the source's proportions read as published, as the worker reads them.
 */
import type { RankData, RankFile } from '../site/evidence/rank-file.ts';
import type { WeightParams } from '../site/evidence/weights.ts';
import type { RowRanges } from '../site/lists/rank-list.ts';
import type { RangesProgress, RankProgress, RankResult } from './rank-engine.ts';

/** The ranking's data index, fetched once (again after a failure): as read (the workers parse their own), parsed, and its names; and where the source's ranges are published. */
export interface Index {
  text: string;
  file: RankFile;
  url: string;
  names: Pick<RankData, 'benchmarks' | 'names'>;
  published: string | undefined;
}

/** Makes rankings away from the page: in a module worker, or (where a browser has none) in the page itself (pageRanker). */
export interface Ranker {
  rank(
    params: WeightParams,
    progress: (p: RankProgress) => void,
    ranges: (r: RowRanges) => void,
    rangesProgress: (p: RangesProgress) => void,
  ): Promise<RankResult>;
}

/** Ranges that could not be made, said so. */
export const noRanges = (message: string): RowRanges => ({
  of: 'rank',
  withheld: `The likely ranges could not be made here (${message}).`,
  cells: new Int32Array(0),
});

/** A ranker in the page itself, for a browser without module workers. */
export async function pageRanker(index: Index): Promise<Ranker> {
  const [{ RankEngine }, { publishedRangesReader }] = await Promise.all([import('./rank-engine.ts'), import('./published-ranges.ts')]);
  const engine = new RankEngine(index.file, index.url);
  const publishedRanges = publishedRangesReader(index.published);
  let latest = 0;
  return {
    rank: async (params, progress, ranges) => {
      const mine = ++latest;
      const result = await engine.rank(params, progress);
      const published = await publishedRanges(result);
      setTimeout(() => {
        if (mine !== latest) return;
        try {
          ranges(published ?? engine.ranges());
        } catch (err) {
          ranges(noRanges(String(err)));
        }
      });
      return result;
    },
  };
}
