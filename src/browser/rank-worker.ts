/**
 * `/rank/`'s worker: ranks in a thread of its own (rank-engine.ts), so the page answers input while
 * a ranking runs. It gets the index once, then a ranking to make per message, and answers each with
 * its progress and its rows, then, unless another ranking has been asked for meanwhile, with the
 * rows' likely ranges (the longer part); a ranking asked for by an earlier message runs to its end.
 */
import { RankEngine, type RankProgress, type RankResult } from './rank-engine.ts';
import type { RankFile } from '../site/evidence/rank-file.ts';
import type { WeightParams } from '../site/evidence/weights.ts';
import type { RowRanges } from '../site/lists/rank-list.ts';

/** What the page sends. */
export type ToWorker = { type: 'index'; index: RankFile; url: string } | { type: 'rank'; id: number; params: WeightParams };
/** What the worker answers. */
export type FromWorker =
  | { type: 'progress'; id: number; progress: RankProgress }
  | { type: 'ranked'; id: number; result: RankResult }
  | { type: 'ranges'; id: number; ranges: RowRanges }
  | { type: 'failed'; id: number; message: string };

let engine: RankEngine | undefined;
/** The last ranking asked for: the ranges of an earlier one are not made once a later one is asked for. */
let latest = 0;
const answer = (message: FromWorker) => postMessage(message);

addEventListener('message', (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.type === 'index') engine = new RankEngine(message.index, message.url);
  else if (!engine) answer({ type: 'failed', id: message.id, message: 'no index yet' });
  else {
    latest = message.id;
    const mine = engine;
    mine
      .rank(message.params, (progress) => answer({ type: 'progress', id: message.id, progress }))
      .then(
        (result) => {
          answer({ type: 'ranked', id: message.id, result });
          // After the rows are posted, and after any message already waiting.
          setTimeout(() => {
            if (latest !== message.id) return;
            try {
              answer({ type: 'ranges', id: message.id, ranges: mine.ranges() });
            } catch (err) {
              answer({ type: 'failed', id: message.id, message: String(err) });
            }
          });
        },
        (err: unknown) => answer({ type: 'failed', id: message.id, message: String(err) }),
      );
  }
});
