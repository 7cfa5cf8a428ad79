/**
 * `/rank/`'s workers: rank in a thread of their own (rank-engine.ts), so the page answers input
 * while a ranking runs. Each gets the index once, as the page read it (its text: parsing it is the
 * worker's work, not the page's), and one end of a channel between the two. The page's ranking
 * worker gets a ranking to make per message and answers each with its progress and its rows; a
 * ranking asked for by an earlier message runs to its end. It then hands the ranking itself, with
 * the files of data it was made from as that worker decoded them (but those the ranges worker last
 * said it holds), to the ranges worker (the last one made before the page made that worker, once it
 * is there), which keeps the files as if it had read them, makes the rows' likely ranges (the longer part) at once, and answers the page with them:
 * only for the last ranking handed over, so a visitor's quick changes do not queue up each one's
 * resampling. Where it does not hold every file the ranking needs (it keeps the last few), it
 * reads them itself once the page has drawn the rows and asks (reading them beside that drawing
 * slowed it).
 */
import { RankEngine, rangesOf, timed, type HeldFile, type RangesProgress, type RankProgress, type RankResult } from './rank-engine.ts';
import { ROUNDS } from '../site/evidence/resample.ts';
import type { Ranking } from '../site/evidence/reweigh.ts';
import type { WeightParams } from '../site/evidence/weights.ts';
import { packedBuffers, packRows, type PackedRows, type RowRanges } from '../site/lists/rank-list.ts';
import { publishedRangesReader } from './published-ranges.ts';

/**
 * What the page sends (`channel` with a MessagePort: the end of the channel between the two workers;
 * `published`, where the source's likely ranges are, which a ranking in its proportions reads
 * instead of resampling them).
 */
export type ToWorker =
  | { type: 'index'; text: string; url: string; published?: string }
  | { type: 'channel' }
  | { type: 'rank'; id: number; params: WeightParams }
  | { type: 'ranges'; id: number };
/**
 * What the ranking worker hands the ranges worker: a ranking made, the weights it was made by and the
 * files it was made from, decoded (copied, not read again); without a ranking, one whose ranges the
 * page has already (the published ones).
 */
interface Handed {
  id: number;
  params: WeightParams;
  ranking?: Ranking;
  files?: HeldFile[];
}
/** What the ranges worker tells the ranking worker after each change: the files it holds, which need not be handed again. */
interface Holding {
  held: string[];
}
/** What a worker answers. */
export type FromWorker =
  | { type: 'progress'; id: number; progress: RankProgress | RangesProgress }
  | { type: 'ranked'; id: number; result: Omit<RankResult, 'rows'> & { rows: PackedRows }; ranges?: RowRanges }
  | { type: 'ranges'; id: number; ranges: RowRanges }
  | { type: 'failed'; id: number; message: string };

let engine: RankEngine | undefined;
/** The source's ranges as published, for a ranking in its proportions (none until the index names where they are). */
let publishedRanges = publishedRangesReader(undefined);
/** The other worker, once the page has made it; the last ranking made before, handed over when it comes. */
let channel: MessagePort | undefined;
let unhanded: Handed | undefined;
/** The ranking worker: the files the ranges worker last said it holds. */
let rangesHold: ReadonlySet<string> = new Set();
/** The last ranking handed over: an earlier one not yet begun, or loaded while this one came, is let go. */
let latest = 0;
const answer = (message: FromWorker, transfer: Transferable[] = []) => postMessage(message, { transfer });
const failed = (id: number) => (err: unknown) => answer({ type: 'failed', id, message: String(err) });
/** A task's end: the messages that came meanwhile are heard (each sets `latest`) before the work goes on. */
const heard = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The ranges worker: the last ranking handed over, and the last ranges the page asked for (once it has drawn the rows). */
let lastHanded: Handed | undefined;
let asked = 0;
/**
 * The likely ranges of the ranking handed over, from this worker's own load of the same data: at
 * once where this worker holds every file they need (handed over with the ranking: its work is then
 * the resampling, on a core of its own), else once the page asks for them, having drawn the rows
 * (reading the files beside the page's drawing slowed it: at 50,000 configurations the rows' median
 * went from 424 to 674 ms).
 */
function makeRanges(): void {
  if (!lastHanded || (lastHanded.id !== asked && !engine?.holdsFilesFor(lastHanded.params))) return;
  const { id, params, ranking } = lastHanded;
  lastHanded = undefined;
  latest = id;
  performance.mark('rank:started');
  const mine = engine;
  const current = () => id === latest;
  if (!mine) return answer({ type: 'failed', id, message: 'no index yet' });
  void heard()
    .then(async () => {
      if (!current()) return;
      // How far they are, for the page's status line: the files, then the resampling.
      const loaded = await mine.load(params, (p) => p.phase === 'load' && answer({ type: 'progress', id, progress: p }));
      channel?.postMessage({ held: mine.heldPaths() } satisfies Holding);
      await heard();
      if (!current()) return;
      answer({ type: 'progress', id, progress: { phase: 'resample', rounds: ROUNDS, models: ranking!.ranked.length } });
      const resampling = performance.now();
      const ranges = timed('resample', resampling, rangesOf(loaded, ranking!));
      const posting = performance.now();
      timed('post', posting, answer({ type: 'ranges', id, ranges }, [ranges.cells.buffer as ArrayBuffer]));
    })
    .catch(failed(id));
}

addEventListener('message', (e: MessageEvent<ToWorker>) => {
  const message = e.data;
  if (message.type === 'index') {
    const parsing = performance.now();
    engine = new RankEngine(timed('index', parsing, JSON.parse(message.text)), message.url);
    publishedRanges = publishedRangesReader(message.published);
  } else if (message.type === 'channel') {
    channel = e.ports[0]!;
    channel.onmessage = (m: MessageEvent<Handed | Holding>) => {
      if ('held' in m.data) return void (rangesHold = new Set(m.data.held));
      const { files, ...handed } = m.data;
      if (files) engine?.adopt(files);
      if (engine) channel!.postMessage({ held: engine.heldPaths() } satisfies Holding);
      lastHanded = handed.ranking ? handed : undefined;
      // A newer ranking: the ranges of an earlier one still being made are let go.
      latest = m.data.id;
      makeRanges();
    };
    if (unhanded) channel.postMessage(unhanded);
    unhanded = undefined;
  } else if (message.type === 'ranges') {
    // The page has drawn the rows: the ranges' work, if its files would slow that drawing, may start.
    asked = message.id;
    makeRanges();
  } else if (!engine) answer({ type: 'failed', id: message.id, message: 'no index yet' });
  else {
    const { id, params } = message;
    const mine = engine;
    mine
      .rank(params, (progress) => answer({ type: 'progress', id, progress }))
      .then(async (result) => {
        const ranges = await publishedRanges(result);
        const posting = performance.now();
        // The rows as columns, their numbers moved rather than copied (rank-list.ts' packRows).
        const rows = packRows(result.rows);
        const moved = [...packedBuffers(rows), ...(ranges ? [ranges.cells.buffer as ArrayBuffer] : [])];
        timed('post', posting, answer({ type: 'ranked', id, result: { ...result, rows }, ...(ranges && { ranges }) }, moved));
        // Ranges the page has already need no resampling: the ranges worker only lets go of any earlier ranking's.
        const handed: Handed = { id, params, ...(!ranges && { ranking: mine.rankingOf(result), files: await mine.filesFor(params, rangesHold) }) };
        if (channel) channel.postMessage(handed);
        else unhanded = handed;
      })
      .catch(failed(id));
  }
});
