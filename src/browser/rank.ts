/**
 * `/rank/`'s script: its list (src/site/lists/rank-list.ts) enhanced, each set of weights in the
 * address a source whose rows it ranks from /data/rank.json with the module the build ranked the
 * page's first rows with (src/site/evidence/reweigh.ts), and the weights' own controls: a preset, a
 * weight per capability and, once opened, per benchmark. Each change is a new address, so Back
 * steps through them and a link reopens the ranking.
 */
import { readJson } from '../site/compare/model-data.ts';
import { decodeRank, type RankData, type RankFile } from '../site/evidence/rank-file.ts';
import { rankUnder } from '../site/evidence/reweigh.ts';
import {
  benchWeights,
  isSourceWeights,
  ownWeights,
  readWeights,
  SOURCE_WEIGHTS,
  weightParams,
  type WeightParams,
  type Weights,
} from '../site/evidence/weights.ts';
import { RANK, rankRows, rankSummary, type RankRow, type RankSummary, type RankView } from '../site/lists/rank-list.ts';
import { RANK_ROWS } from '../views/parts/list-table.ts';
import { benchWeightsHtml, PRESETS, rankAboutHtml, rankSummaryHtml, weightNotesHtml } from '../views/parts/rank.ts';
import { enhanceList, type ListSource } from './list-view.ts';
import { put } from './markup.ts';

/** Rankings whose sentences are kept, as the list keeps their rows. */
const KEPT = 4;

const paramsOf = (view: RankView): WeightParams => ({ w: view.w, b: view.b, by: view.by });
const keyOf = (p: WeightParams) => JSON.stringify([p.w, p.b, p.by]);

/** The preset the weights are, where they are one. */
function presetOf(weights: Weights): string {
  if (isSourceWeights(weights)) return PRESETS.source;
  if (weights.benches.size > 0) return PRESETS.own;
  if (weights.alike) return weights.tags.size === 0 && weights.rest === 1 ? PRESETS.alike : PRESETS.own;
  const [only] = weights.tags;
  return weights.rest === 0 && weights.tags.size === 1 && only![1] === 1 ? `${PRESETS.tag}${only![0]}` : PRESETS.own;
}

/** The weights a preset stands for. */
function presetWeights(preset: string): Weights | undefined {
  if (preset === PRESETS.source) return SOURCE_WEIGHTS;
  if (preset === PRESETS.alike) return { ...SOURCE_WEIGHTS, alike: true };
  if (preset.startsWith(PRESETS.tag)) return { ...SOURCE_WEIGHTS, tags: new Map([[preset.slice(PRESETS.tag.length), 1]]), rest: 0 };
  return undefined;
}

/** The parts of /rank/ its script draws in and reads. */
interface RankParts {
  root: HTMLElement;
  form: HTMLFormElement;
  summary: HTMLElement;
  about: HTMLElement;
  notes: HTMLElement;
  benchList: HTMLElement;
  benchFold: HTMLDetailsElement;
  preset: HTMLSelectElement;
  alike: HTMLInputElement;
}

function partsOf(root: HTMLElement, form: HTMLFormElement): RankParts {
  return {
    root,
    form,
    summary: root.querySelector<HTMLElement>('[data-rank-summary]')!,
    about: document.querySelector<HTMLElement>('[data-rank-about]')!,
    notes: root.querySelector<HTMLElement>('[data-rank-notes]')!,
    benchList: root.querySelector<HTMLElement>('[data-bench-list]')!,
    benchFold: root.querySelector<HTMLDetailsElement>('[data-bench-weights]')!,
    preset: form.querySelector<HTMLSelectElement>('[data-preset]')!,
    alike: form.querySelector<HTMLInputElement>('[data-alike]')!,
  };
}

/** /data/rank.json, fetched once (again after a failure, when the page's own rows show again). */
function rankLoader(root: HTMLElement): () => Promise<RankData> {
  let loading: Promise<RankData> | undefined;
  return () =>
    (loading ??= fetch(root.dataset.index!)
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status} for ${r.url}`);
        return readJson<RankFile>(r);
      })
      .then(decodeRank)).catch((err: unknown) => {
      loading = undefined;
      // The rows the address asked for will not come: the page's own rows show again.
      root.dataset.drawn = '';
      throw err;
    });
}

/** What a ranking said of itself, kept by its key as the list keeps its rows. */
type Said = Map<string, { summary: RankSummary; ignored: string[]; weights: Weights }>;

/** The list's source: the rows of each set of weights, ranked from the data. */
function rankSource(load: () => Promise<RankData>, said: Said): ListSource<RankRow, RankView> {
  return {
    key: (view) => keyOf(paramsOf(view)),
    load: async (key) => {
      const data = await load();
      const [w, b, by] = JSON.parse(key) as string[];
      const { weights, ignored } = readWeights({ w: w!, b: b!, by: by! }, data.names);
      const started = performance.now();
      const isSource = isSourceWeights(weights);
      const ranking = rankUnder(data.field, benchWeights(weights, data.benchmarks), isSource);
      const rows = rankRows(data, ranking);
      performance.measure('rank:compute', { start: started });
      said.set(key, { summary: rankSummary(ranking, isSource), ignored, weights });
      while (said.size > KEPT) said.delete(said.keys().next().value!);
      return rows;
    },
  };
}

/** The controls as the weights are: each capability's and benchmark's field, the base and the preset. */
function showWeights(parts: RankParts, weights: Weights, data: RankData | undefined): void {
  // A field is written only where it changes: four hundred capabilities' fields each laid out again would be most of a re-rank.
  const write = (input: HTMLInputElement, value: number) => {
    if (input.value !== String(value)) input.value = String(value);
  };
  for (const input of parts.form.querySelectorAll<HTMLInputElement>('input[data-tag]')) write(input, weights.tags.get(input.dataset.tag!) ?? weights.rest);
  write(parts.form.querySelector<HTMLInputElement>('input[data-rest]')!, weights.rest);
  parts.alike.checked = weights.alike;
  parts.preset.value = presetOf(weights);
  if (data && parts.benchList.childElementCount > 0) {
    const own = ownWeights(weights, data.benchmarks);
    parts.benchList.querySelectorAll<HTMLInputElement>('input[data-bench]').forEach((input, b) => write(input, own[b]!));
  }
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

export function enhanceRank(): void {
  const root = document.querySelector<HTMLElement>('[data-rank]');
  const form = root?.querySelector<HTMLFormElement>('form[data-weights]');
  if (!root || !form) return;
  const parts = partsOf(root, form);
  const { summary, about, notes, benchList, benchFold } = parts;
  const staticSays = [...summary.childNodes];
  const staticAbout = [...about.childNodes];
  const load = rankLoader(root);
  let loaded: Promise<RankData> | undefined;
  const said: Said = new Map();
  const source = rankSource(() => (loaded = load()), said);

  let current: Weights = SOURCE_WEIGHTS;
  const list = enhanceList(RANK, source, RANK_ROWS, {
    afterDraw: (view, rows) => {
      const shown = rows && said.get(source.key(view));
      if (shown) {
        put(summary, rankSummaryHtml(shown.summary));
        put(about, rankAboutHtml(shown.summary));
        put(notes, weightNotesHtml(shown.ignored));
      } else {
        // The page's own rows: the ranking as the source weighs, and what the page says of it.
        summary.replaceChildren(...staticSays);
        about.replaceChildren(...staticAbout);
        put(notes, undefined);
      }
      current = shown?.weights ?? SOURCE_WEIGHTS;
      const controls = (data?: RankData) => showWeights(parts, current, data);
      void (loaded ?? Promise.resolve(undefined)).then(controls, () => controls());
      root.dataset.drawn = '';
      root.dispatchEvent(new Event('rank-drawn'));
    },
  });
  if (!list) return;

  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('change', (e) => {
    const next = changed(parts, e.target as HTMLInputElement | HTMLSelectElement, current);
    const data = (loaded = load());
    // A value the page cannot use shows the weight it has instead.
    if (!next)
      return void data.then(
        (d) => showWeights(parts, current, d),
        () => showWeights(parts, current, undefined),
      );
    // The weights in their one form, which needs the data's names; without the data, as they are (the list then says it could not load it).
    void data
      .then(
        (d) => readWeights(weightParams(next), d.names).weights,
        () => next,
      )
      .then((weights) => list.change(weightParams(weights)));
  });
  // The data is fetched when a visitor first reaches for a control, so a change finds it there.
  for (const type of ['focusin', 'pointerdown']) form.addEventListener(type, () => void (loaded = load()).catch(() => undefined), { once: true });
  benchFold.addEventListener('toggle', () => {
    if (!benchFold.open || benchList.childElementCount > 0) return;
    void (loaded = load()).then(
      (data) => {
        const own = ownWeights(current, data.benchmarks);
        put(
          benchList,
          benchWeightsHtml(data.benchmarks, (b) => own[b]!),
        );
      },
      () => (benchList.textContent = 'The benchmarks could not be loaded.'),
    );
  });
}
