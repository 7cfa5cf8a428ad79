/**
 * `/rank/`'s worker: ranks in a thread of its own (rank-engine.ts), so the page answers input while
 * a ranking runs. It gets the index once, then a ranking to make per message, and answers each with
 * its progress and its rows; a ranking asked for by an earlier message runs to its end.
 */
import { RankEngine, type RankProgress, type RankResult } from './rank-engine.ts';
import type { RankFile } from '../site/evidence/rank-file.ts';
import type { WeightParams } from '../site/evidence/weights.ts';

/** What the page sends. */
export type ToWorker = { type: 'index'; index: RankFile; url: string } | { type: 'rank'; id: number; params: WeightParams };
/** What the worker answers. */
export type FromWorker =
  | { type: 'progress'; id: number; progress: RankProgress }
  | { type: 'ranked'; id: number; result: RankResult }
  | { type: 'failed'; id: number; message: string };

let engine: RankEngine | undefined;
const answer = (message: FromWorker) => postMessage(message);

addEventListener('message', (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.type === 'index') engine = new RankEngine(message.index, message.url);
  else if (!engine) answer({ type: 'failed', id: message.id, message: 'no index yet' });
  else
    engine
      .rank(message.params, (progress) => answer({ type: 'progress', id: message.id, progress }))
      .then(
        (result) => answer({ type: 'ranked', id: message.id, result }),
        (err: unknown) => answer({ type: 'failed', id: message.id, message: String(err) }),
      );
});
