/**
 * `/rank/`'s script: its list (src/site/lists/rank-list.ts) enhanced, each set of weights in the
 * address a source whose rows a worker ranks (rank-worker.ts: the parts of the data those weights
 * need, by the module the build ranked the page's first rows with, src/site/evidence/reweigh.ts),
 * while the status line says how far it is; and the weights' own controls: a preset, a weight per
 * capability and, once opened, per benchmark. Each change is a new address, so Back steps through
 * them and a link reopens the ranking.
 */
import { readText } from '../site/compare/model-data.ts';
import type { RankFile } from '../site/evidence/rank-file.ts';
import { ownWeights, readWeights, SOURCE_WEIGHTS, weightParams, type WeightParams, type Weights } from '../site/evidence/weights.ts';
import { putRanges, RANK, unpackRows, type RankRow, type RankView, type RowRanges } from '../site/lists/rank-list.ts';
import { RANK_ROWS } from '../views/parts/rank-rows.ts';
import { benchWeightsHtml, PRESETS, rankAboutHtml, rankLegendHtml, rankSummaryHtml, weightNotesHtml } from '../views/parts/rank.ts';
import { enhanceList, type ListSource } from './list-view.ts';
import { put } from './markup.ts';
import type { Markup } from '../views/parts/html.ts';
import type { RangesProgress, RankProgress, RankResult } from './rank-engine.ts';
import { rangesStatus } from './rank-status.ts';
import type { FromWorker, ToWorker } from './rank-worker.ts';
import { noRanges, pageRanker, type Index, type Ranker } from './page-ranker.ts';

/** Rankings whose sentences are kept, as the list keeps their rows. */
const KEPT = 4;

const paramsOf = (view: RankView): WeightParams => ({ w: view.w, b: view.b, by: view.by });
const keyOf = (p: WeightParams) => JSON.stringify([p.w, p.b, p.by]);

/** The preset the weights are, where they are one: `source` where they weigh in the source's proportions. */
function presetOf(weights: Weights, source: boolean): string {
  if (source) return PRESETS.source;
  if (weights.benches.size > 0) return PRESETS.own;
  if (weights.alike) return weights.tags.size === 0 && weights.rest > 0 ? PRESETS.alike : PRESETS.own;
  const [only] = weights.tags;
  return weights.rest === 0 && weights.tags.size === 1 && only![1] > 0 ? `${PRESETS.tag}${only![0]}` : PRESETS.own;
}

/** The weights a preset stands for. */
function presetWeights(preset: string): Weights | undefined {
  if (preset === PRESETS.source) return SOURCE_WEIGHTS;
  if (preset === PRESETS.alike) return { ...SOURCE_WEIGHTS, alike: true };
  if (preset.startsWith(PRESETS.tag)) return { ...SOURCE_WEIGHTS, tags: new Map([[preset.slice(PRESETS.tag.length), 1]]), rest: 0 };
  return undefined;
}

/** What the status line says while a ranking is made: the list's "Loading…", and how far. */
const progressText = (p: RankProgress) =>
  p.phase === 'load'
    ? `Loading… the data these weights need, ${p.done} of ${p.of} ${p.of === 1 ? 'file' : 'files'}`
    : `Loading… ranking by these weights, pass ${p.passes} of at most ${p.of}`;

/** The parts of /rank/ its script draws in and reads. */
interface RankParts {
  root: HTMLElement;
  form: HTMLFormElement;
  status: HTMLElement;
  summary: HTMLElement;
  about: HTMLElement;
  notes: HTMLElement;
  legend: HTMLElement;
  benchList: HTMLElement;
  benchFold: HTMLDetailsElement;
  preset: HTMLSelectElement;
  alike: HTMLInputElement;
}

function partsOf(root: HTMLElement, form: HTMLFormElement): RankParts {
  return {
    root,
    form,
    status: root.querySelector<HTMLElement>('[data-status]')!,
    summary: root.querySelector<HTMLElement>('[data-rank-summary]')!,
    about: document.querySelector<HTMLElement>('[data-rank-about]')!,
    notes: root.querySelector<HTMLElement>('[data-rank-notes]')!,
    legend: root.querySelector<HTMLElement>('[data-rank-legend]')!,
    benchList: root.querySelector<HTMLElement>('[data-bench-list]')!,
    benchFold: root.querySelector<HTMLDetailsElement>('[data-bench-weights]')!,
    preset: form.querySelector<HTMLSelectElement>('[data-preset]')!,
    alike: form.querySelector<HTMLInputElement>('[data-alike]')!,
  };
}

/**
 * The names the weights may use and the benchmarks as they read them: rank-file.ts' namesOf but for
 * the resampling keys, which only the workers need (so the page's script does not bundle their code).
 */
function namesOf(file: RankFile): Index['names'] {
  const tags = file.benchmarks.tags.map((ts) => ts.map((t) => file.tags.segment[t]!));
  return {
    benchmarks: { slug: file.benchmarks.slug, name: file.benchmarks.name, effectiveWeight: file.benchmarks.effectiveWeight, tags },
    names: { tags: new Set(file.tags.segment), benches: new Map(file.benchmarks.slug.map((s, b) => [s, tags[b]!])) },
  };
}

/** A module worker of rank-worker.ts, given the index. */
function rankWorker(index: Index, name: string): Worker {
  const worker = new Worker(new URL('./rank-worker.ts', import.meta.url), { type: 'module', name });
  worker.postMessage({ type: 'index', text: index.text, url: index.url, published: index.published } satisfies ToWorker);
  return worker;
}

/**
 * Rankings in a worker, and their ranges in a second one, which the first hands each ranking to,
 * with the files it was made from, once its rows are posted: the ranges worker, made once the first
 * rows are in, starts on their ranges at once where it holds the files they need (as it does once
 * handed them), else once the page has drawn them (so that reading the files does not slow theirs),
 * and makes only the last ranges handed over (rank-worker.ts), which are heard only while they are
 * the last asked for.
 */
function workerRanker(index: Index): Ranker {
  const worker = rankWorker(index, 'rank');
  let ranger: Worker | undefined;
  const waiting = new Map<number, { progress: (p: RankProgress) => void; done: (r: RankResult) => void; failed: (e: Error) => void }>();
  /** The ranges last asked for, and who hears them and how far they are. */
  let asked: { id: number; ranges: (r: RowRanges) => void; progress: (p: RangesProgress) => void } | undefined;
  let next = 0;
  const heard = (id: number, ranges: RowRanges) => {
    if (asked?.id !== id) return;
    asked.ranges(ranges);
    asked = undefined;
  };
  const startRanges = () => {
    ranger = rankWorker(index, 'rank-ranges');
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ type: 'channel' } satisfies ToWorker, [port1]);
    ranger.postMessage({ type: 'channel' } satisfies ToWorker, [port2]);
    ranger.addEventListener('message', (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === 'ranges') heard(m.id, m.ranges);
      else if (m.type === 'progress') asked?.id === m.id && asked.progress(m.progress as RangesProgress);
      else if (m.type === 'failed') heard(m.id, noRanges(m.message));
    });
    ranger.addEventListener('error', () => asked && heard(asked.id, noRanges('its worker failed')));
  };
  worker.addEventListener('message', (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    const asked = waiting.get(m.id);
    if (!asked) return;
    if (m.type === 'progress') return asked.progress(m.progress as RankProgress);
    waiting.delete(m.id);
    if (m.type === 'ranked') {
      // When its rows reached the page (the bench splits a change's time by these marks and the workers' measures).
      performance.mark('rank:received');
      // Copying thousands of rows in from the worker is a task's work already: the rows are drawn in a task of their own.
      const result: RankResult = { ...m.result, rows: unpackRows(m.result.rows) };
      setTimeout(() => {
        // Ranges read with the rows (the published ones, as the source weighs) are drawn with them; others are made by the ranges worker.
        if (m.ranges) heard(m.id, m.ranges);
        asked.done(result);
        if (m.ranges) return;
        if (!ranger) startRanges();
        // Its rows drawn (the first of them), the ranges worker may start on their ranges, if it has not already.
        ranger!.postMessage({ type: 'ranges', id: m.id } satisfies ToWorker);
      });
    } else if (m.type === 'failed') asked.failed(new Error(m.message));
  });
  worker.addEventListener('error', () => {
    for (const asked of waiting.values()) asked.failed(new Error('the ranking’s worker failed'));
    waiting.clear();
  });
  return {
    rank: (params, progress, ranges, rangesProgress) =>
      new Promise((done, failed) => {
        const id = ++next;
        waiting.set(id, { progress, done, failed });
        asked = { id, ranges, progress: rangesProgress };
        worker.postMessage({ type: 'rank', id, params } satisfies ToWorker);
      }),
  };
}

/** The index and a ranker, made on first need (again after a failure, when the page's own rows show again). */
function rankLoader(root: HTMLElement): { index: () => Promise<Index>; ranker: () => Promise<Ranker> } {
  let index: Promise<Index> | undefined;
  let ranker: Promise<Ranker> | undefined;
  const failed = (err: unknown): never => {
    index = ranker = undefined;
    // The rows the address asked for will not come: the page's own rows show again.
    root.dataset.drawn = '';
    throw err;
  };
  const loadIndex = () =>
    (index ??= fetch(root.dataset.index!)
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status} for ${r.url}`);
        return readText(r).then((text) => {
          const file = JSON.parse(text) as RankFile;
          const published = root.dataset.sourceRanges && new URL(root.dataset.sourceRanges, location.href).href;
          return { text, file, url: r.url, names: namesOf(file), published: published || undefined };
        });
      })
      .catch(failed));
  const loadRanker = () =>
    (ranker ??= loadIndex()
      .then((i) => (typeof Worker === 'function' ? workerRanker(i) : pageRanker(i)))
      .catch(failed));
  return { index: loadIndex, ranker: loadRanker };
}

/** The markup each of the ranking's sentences last had put in it: the same again is not parsed and laid out again. */
const sentences = new WeakMap<Element, string | undefined>();
function putSentence(element: HTMLElement, markup: Markup | undefined): void {
  if (sentences.has(element) && sentences.get(element) === markup?.html) return;
  sentences.set(element, markup?.html);
  put(element, markup);
}

/** What a ranking said of itself, kept by its key as the list keeps its rows, and what its ranges are of once made (until then, since when and how far they are). */
type SaidRanking = Omit<RankResult, 'rows'> & { ranges?: RowRanges; making: { started: number; progress?: RangesProgress } };
type Said = Map<string, SaidRanking>;

/** A ranking shorter than this says nothing more than the list's "Loading…"; a longer one says how far it is at most this often. */
const PROGRESS_MS = 250;

/**
 * How far a ranking is, in the status line while it is the one last asked for (`current`): from
 * PROGRESS_MS on and once per PROGRESS_MS at most, since every change of the line lays the page out
 * again, which on a phone costs more than the ranking's own steps.
 */
function progressShown(status: HTMLElement, current: () => boolean) {
  let latest: RankProgress | undefined;
  const write = () => {
    if (latest && current()) status.textContent = progressText(latest);
  };
  const timer = setInterval(write, PROGRESS_MS);
  return { hear: (p: RankProgress) => void (latest = p), done: () => clearInterval(timer) };
}

/** The list's source: the rows of each set of weights, ranked by the ranker, its progress in the status line while it is the last asked for. */
function rankSource(
  load: ReturnType<typeof rankLoader>,
  said: Said,
  status: HTMLElement,
  rangesMade: (key: string) => void,
  rangesStep: (key: string, p: RangesProgress) => void,
): ListSource<RankRow, RankView> {
  let last = 0;
  // Rankings drawn while their ranges were still to come, and the ranking whose ranges are asked for now: the ranker makes
  // only the last asked for, so any other of those rankings is loaded again when it is drawn again (Back), for its ranges.
  const waiting = new Set<string>();
  let asked: string | undefined;
  return {
    key: (view) => keyOf(paramsOf(view)),
    fresh: (key) => !waiting.has(key) || key === asked,
    load: async (key) => {
      const mine = ++last;
      asked = key;
      waiting.delete(key);
      const ranker = await load.ranker();
      const [w, b, by] = JSON.parse(key) as string[];
      const started = performance.now();
      const shown = progressShown(status, () => mine === last);
      // The ranges, which may come before the rows: then the rows are drawn with them.
      const kept: { rows?: RankRow[]; ranges?: RowRanges } = {};
      const making: { started: number; progress?: RangesProgress } = { started };
      const stepped = (p: RangesProgress) => {
        making.progress = p;
        rangesStep(key, p);
      };
      const { rows, ...rest } = await ranker
        .rank(
          { w: w!, b: b!, by: by! },
          shown.hear,
          (ranges) => {
            performance.measure('rank:ranges', { start: started });
            kept.ranges = ranges;
            waiting.delete(key);
            const saying = said.get(key);
            if (!kept.rows || !saying) return;
            putRanges(kept.rows, ranges);
            saying.ranges = ranges;
            rangesMade(key);
          },
          stepped,
        )
        .finally(shown.done);
      performance.measure('rank:compute', { start: started });
      if (kept.ranges) putRanges(rows, kept.ranges);
      else {
        let pending = false;
        for (const row of rows) if (row.rank) pending = row.pending = true;
        if (pending) waiting.add(key);
      }
      kept.rows = rows;
      said.set(key, { ...rest, ranges: kept.ranges, making });
      while (said.size > KEPT) said.delete(said.keys().next().value!);
      return rows;
    },
  };
}

/**
 * What the weights' fields show, as the script last wrote them (else their `value` attribute), those
 * a visitor has typed in since, and the writes still to make: reading a number field's value lays
 * the page out, so the script keeps its own record, and writing four hundred of them (every
 * capability's, when `*` changes) is a frame of its own, so the fields the weights do not name are
 * written a chunk a frame.
 */
interface Shown {
  value: WeakMap<HTMLInputElement, number>;
  typed: WeakSet<HTMLInputElement>;
  queue: [HTMLInputElement, number][];
}

/** Fields written in one frame, beyond those the weights name. */
const FIELDS_A_FRAME = 100;

/** The controls as the weights are: each capability's and benchmark's field, the base and the preset. */
function showWeights(parts: RankParts, shown: Shown, weights: Weights, source: boolean, index: Index | undefined): void {
  const started = performance.now();
  const write = (input: HTMLInputElement, value: number) => {
    input.value = String(value);
    shown.value.set(input, value);
    shown.typed.delete(input);
  };
  const later: [HTMLInputElement, number][] = [];
  const show = (input: HTMLInputElement, value: number, named: boolean) => {
    const was = shown.value.get(input) ?? Number(input.getAttribute('value'));
    if (was === value && !shown.typed.has(input)) return;
    if (named || shown.typed.has(input)) write(input, value);
    else later.push([input, value]);
  };
  for (const input of parts.form.querySelectorAll<HTMLInputElement>('input[data-tag]'))
    show(input, weights.tags.get(input.dataset.tag!) ?? weights.rest, weights.tags.has(input.dataset.tag!));
  show(parts.form.querySelector<HTMLInputElement>('input[data-rest]')!, weights.rest, true);
  parts.alike.checked = weights.alike;
  const preset = presetOf(weights, source);
  if (parts.preset.value !== preset) parts.preset.value = preset;
  if (index && parts.benchList.childElementCount > 0) {
    const own = ownWeights(weights, index.names.benchmarks);
    parts.benchList
      .querySelectorAll<HTMLInputElement>('input[data-bench]')
      .forEach((input, b) => show(input, own[b]!, weights.benches.has(input.dataset.bench!)));
  }
  const queued = shown.queue.length > 0;
  shown.queue = later;
  const flush = () => {
    // A field a visitor is in is left as it is until they leave it.
    for (const [input, value] of shown.queue.splice(0, FIELDS_A_FRAME))
      if (input === document.activeElement) shown.queue.push([input, value]);
      else write(input, value);
    if (shown.queue.length > 0) requestAnimationFrame(flush);
  };
  if (!queued && later.length > 0) requestAnimationFrame(flush);
  performance.measure('rank:weights', { start: started });
}

/** The weights after a change of one control, or undefined for a value the page cannot use. */
function changed(parts: RankParts, target: HTMLInputElement | HTMLSelectElement, weights: Weights): Weights | undefined {
  if (target === parts.preset) return presetWeights(target.value);
  if (target === parts.alike) return { ...weights, alike: parts.alike.checked };
  const input = target as HTMLInputElement;
  if (!input.validity.valid || input.value === '') return undefined;
  // The address keeps three decimals of a weight.
  const value = Math.round(Number(input.value) * 1000) / 1000;
  if (input.dataset.tag !== undefined) return { ...weights, tags: new Map(weights.tags).set(input.dataset.tag, value) };
  if (input.dataset.bench !== undefined) return { ...weights, benches: new Map(weights.benches).set(input.dataset.bench, value) };
  if (input.dataset.rest !== undefined) return { ...weights, rest: value };
  return undefined;
}

/** What the page says of a ranking (`shown`; undefined for the page's own rows): its sentences, notes and legend, the page's own words kept for its own rows. */
function wordsOf(parts: RankParts): (shown: SaidRanking | undefined) => void {
  const { summary, about, notes, legend } = parts;
  const own = [summary, about, legend].map((part) => [part, [...part.childNodes]] as const);
  return (shown) => {
    if (shown) {
      putSentence(summary, rankSummaryHtml(shown.summary));
      putSentence(about, rankAboutHtml(shown.summary));
      putSentence(notes, weightNotesHtml(shown.ignored));
      putSentence(legend, shown.summary.weighed ? rankLegendHtml(shown.ranges ?? 'making') : undefined);
      return;
    }
    // The page's own rows: the ranking as the source weighs, and what the page says of it.
    for (const [part, nodes] of own) part.replaceChildren(...nodes);
    for (const [part] of own) sentences.delete(part);
    putSentence(notes, undefined);
  };
}

export function enhanceRank(): void {
  const root = document.querySelector<HTMLElement>('[data-rank]');
  const form = root?.querySelector<HTMLFormElement>('form[data-weights]');
  if (!root || !form) return;
  const parts = partsOf(root, form);
  const { benchList, benchFold } = parts;
  const load = rankLoader(root);
  const said: Said = new Map();
  // A ranking's ranges, made after its rows: drawn in where it is the one on screen.
  let redraw = (_key: string) => {};
  // While the ranges of the ranking on screen (`marked`) are being made, a mark in the status line says how far they are.
  const mark = rangesStatus();
  let marked: string | undefined;
  const source = rankSource(
    load,
    said,
    parts.status,
    (key) => redraw(key),
    (key, p) => key === marked && mark.hear(p),
  );
  const index = () => load.index();

  let current: Weights = SOURCE_WEIGHTS;
  let currentSource = true;
  const fields: Shown = { value: new WeakMap(), typed: new WeakSet(), queue: [] };
  const words = wordsOf(parts);
  /** What the page says of the ranking drawn (`shown`; undefined for the page's own rows), and its fields. */
  const say = (shown: SaidRanking | undefined) => {
    words(shown);
    const controls = (i?: Index) => showWeights(parts, fields, current, currentSource, i);
    if (shown) void index().then(controls, () => controls());
    else controls();
    root.dataset.drawn = '';
    performance.mark('rank:drawn');
    root.dispatchEvent(new Event('rank-drawn'));
  };
  const list = enhanceList(RANK, source, RANK_ROWS, {
    stepped: true,
    // At once: the weights the rows are of (a change of a field builds on them) and whether their ranges are made (the status
    // line says how far). Where the rows are drawn a few a frame, what the page says of them and its fields two frames later:
    // the task that draws a change's first rows was its longest frame with them in it (docs/performance.md, "Rank by what
    // you weigh").
    afterDraw: (view, rows, isCurrent) => {
      const key = source.key(view);
      const shown = rows && said.get(key);
      current = shown?.weights ?? SOURCE_WEIGHTS;
      currentSource = shown?.summary.source ?? true;
      // While a ranking's ranges are being made (tests wait for them to be made), said in the status line.
      root.dataset.ranges = shown?.summary.weighed && !shown.ranges ? 'making' : 'made';
      marked = shown && root.dataset.ranges === 'making' ? key : undefined;
      if (shown && marked) mark.show(parts.status, shown.making.started, shown.making.progress);
      else mark.hide();
      // The rows are in (the bench times a change to the frame after this).
      performance.mark('rank:rows');
      root.dispatchEvent(new Event('rank-rows'));
      if (root.dataset.drawing === undefined) return say(shown);
      requestAnimationFrame(() => requestAnimationFrame(() => isCurrent() && say(shown)));
    },
  });
  if (!list) return;
  redraw = (key) => {
    if (source.key(list.view()) === key) list.redraw();
  };

  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('change', (e) => {
    if (e.target instanceof HTMLInputElement) fields.typed.add(e.target);
    const next = changed(parts, e.target as HTMLInputElement | HTMLSelectElement, current);
    const data = index();
    // A value the page cannot use shows the weight it has instead.
    if (!next)
      return void data.then(
        (i) => showWeights(parts, fields, current, currentSource, i),
        () => showWeights(parts, fields, current, currentSource, undefined),
      );
    // The weights in their one form, which needs the index's names; without it, as they are (the list then says it could not load it).
    void data
      .then(
        (i) => readWeights(weightParams(next), i.names.names).weights,
        () => next,
      )
      .then((weights) => list.change(weightParams(weights)));
  });
  // The index and the worker are made when a visitor first reaches for a control, so a change finds them there.
  for (const type of ['focusin', 'pointerdown']) form.addEventListener(type, () => void load.ranker().catch(() => undefined), { once: true });
  benchFold.addEventListener('toggle', () => {
    if (!benchFold.open || benchList.childElementCount > 0) return;
    void index().then(
      (i) => {
        const own = ownWeights(current, i.names.benchmarks);
        put(
          benchList,
          benchWeightsHtml(i.names.benchmarks, (b) => own[b]!),
        );
      },
      () => (benchList.textContent = 'The benchmarks could not be loaded.'),
    );
  });
}
