/**
 * `/rank/`'s workers: rank in a thread of their own (rank-engine.ts), so the page answers input
 * while a ranking runs. Each gets the index once, as the page read it (its text: parsing it is the
 * worker's work, not the page's). The page's ranking worker gets a ranking to make per message and
 * answers each with its progress and its rows; a ranking asked for by an earlier message runs to its
 * end. Its ranges worker, a second one, gets the same weights at the same time, ranks them too and
 * answers with the rows' likely ranges (the longer part): only for the last weights asked for, so a
 * visitor's quick changes do not queue up each one's resampling, and it keeps the data it has read
 * from one change to the next.
 */
import { RankEngine, timed, type RankProgress, type RankResult } from './rank-engine.ts';
import type { WeightParams } from '../site/evidence/weights.ts';
import { packedBuffers, packRows, type PackedRows, type RowRanges } from '../site/lists/rank-list.ts';

/** What the page sends. */
export type ToWorker =
  { type: 'index'; text: string; url: string } | { type: 'rank'; id: number; params: WeightParams } | { type: 'ranges'; id: number; params: WeightParams };
/** What a worker answers. */
export type FromWorker =
  | { type: 'progress'; id: number; progress: RankProgress }
  | { type: 'ranked'; id: number; result: Omit<RankResult, 'rows'> & { rows: PackedRows } }
  | { type: 'ranges'; id: number; ranges: RowRanges }
  | { type: 'failed'; id: number; message: string };

let engine: RankEngine | undefined;
/** The last ranges asked for: an earlier request not yet begun, or ranked while this one came, is let go. */
let latest = 0;
const answer = (message: FromWorker, transfer: Transferable[] = []) => postMessage(message, { transfer });
const failed = (id: number) => (err: unknown) => answer({ type: 'failed', id, message: String(err) });
/** A task's end: the messages that came meanwhile are heard (each sets `latest`) before the work goes on. */
const heard = () => new Promise((resolve) => setTimeout(resolve, 0));

addEventListener('message', (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.type === 'index') {
    const parsing = performance.now();
    engine = new RankEngine(timed('index', parsing, JSON.parse(message.text)), message.url);
  } else if (!engine) answer({ type: 'failed', id: message.id, message: 'no index yet' });
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
    const { id, params } = message;
    latest = id;
    const mine = engine;
    const current = () => id === latest;
    void heard()
      .then(async () => {
        if (!current()) return;
        const ranked = await mine.rank(params);
        await heard();
        if (!current()) return;
        const resampling = performance.now();
        const ranges = timed('resample', resampling, mine.ranges(ranked));
        const posting = performance.now();
        timed('post', posting, answer({ type: 'ranges', id, ranges }, [ranges.cells.buffer as ArrayBuffer]));
      })
      .catch(failed(id));
  }
});
