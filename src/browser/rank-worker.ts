/**
 * `/rank/`'s workers: rank in a thread of their own (rank-engine.ts), so the page answers input
 * while a ranking runs. Each gets the index once. The page's ranking worker gets a ranking to make
 * per message and answers each with its progress and its rows; a ranking asked for by an earlier
 * message runs to its end. Its ranges worker, a second one, gets the weights of rows already drawn
 * and answers with their likely ranges (the longer part, which the page stops by ending the worker
 * when another ranking's rows are drawn first).
 */
import { RankEngine, timed, type RankProgress, type RankResult } from './rank-engine.ts';
import type { RankFile } from '../site/evidence/rank-file.ts';
import type { WeightParams } from '../site/evidence/weights.ts';
import { packedBuffers, packRows, type PackedRows, type RowRanges } from '../site/lists/rank-list.ts';

/** What the page sends. */
export type ToWorker =
  { type: 'index'; index: RankFile; url: string } | { type: 'rank'; id: number; params: WeightParams } | { type: 'ranges'; id: number; params: WeightParams };
/** What a worker answers. */
export type FromWorker =
  | { type: 'progress'; id: number; progress: RankProgress }
  | { type: 'ranked'; id: number; result: Omit<RankResult, 'rows'> & { rows: PackedRows } }
  | { type: 'ranges'; id: number; ranges: RowRanges }
  | { type: 'failed'; id: number; message: string };

let engine: RankEngine | undefined;
const answer = (message: FromWorker, transfer: Transferable[] = []) => postMessage(message, { transfer });
const failed = (id: number) => (err: unknown) => answer({ type: 'failed', id, message: String(err) });

addEventListener('message', (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.type === 'index') engine = new RankEngine(message.index, message.url);
  else if (!engine) answer({ type: 'failed', id: message.id, message: 'no index yet' });
  else if (message.type === 'rank')
    engine
      .rank(message.params, (progress) => answer({ type: 'progress', id: message.id, progress }))
      .then((result) => {
        const posting = performance.now();
        // The rows as columns, their numbers moved rather than copied (rank-list.ts' packRows).
        const rows = packRows(result.rows);
        timed('post', posting, answer({ type: 'ranked', id: message.id, result: { ...result, rows } }, packedBuffers(rows)));
      }, failed(message.id));
  else {
    const mine = engine;
    mine
      .rank(message.params)
      .then(() => answer({ type: 'ranges', id: message.id, ranges: mine.ranges() }))
      .catch(failed(message.id));
  }
});
