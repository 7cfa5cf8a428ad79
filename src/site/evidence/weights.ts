/**
 * A visitor's own weights over the benchmarks, as `/rank/`'s address states them, and the weight
 * each benchmark takes from them:
 *
 * - `w=coding:3,math:1`: a weight per capability tag (by its page's segment, which is always a safe
 *   name); once `w` is given, a tag it does not list weighs 0, and `*:1` gives every unlisted tag and
 *   every benchmark without a tag a weight (1 here);
 * - `b=slug:0,…`: a benchmark's own weight, in place of its tags' (0 leaves it out);
 * - `by=alike`: every benchmark's base weight is 1 instead of its effectiveWeight.
 *
 * None of them: as the source weighs, every benchmark at its effectiveWeight. A benchmark weighs its
 * base times its own weight, else the largest weight among its tags (a benchmark of two tags is never
 * counted twice), else `*`'s. A value the page cannot use is left out with a note, never an error.
 * Pure: the build and the page's script read an address the same way.
 */

/** The largest weight an address may give: beyond it, one benchmark would drown every other. */
export const MAX_WEIGHT = 100;

/** What the address says: `w`, `b` and `by`, each '' where it says nothing. */
export interface WeightParams {
  w: string;
  b: string;
  by: string;
}

/** The weights an address states, checked against the field. */
export interface Weights {
  /** By tag segment: a tag not listed weighs `rest`. */
  tags: ReadonlyMap<string, number>;
  /** The weight of a tag not listed and of a benchmark without tags (`*`): 1 without `w`, else 0 unless `w` says. */
  rest: number;
  /** By benchmark slug: its weight, in place of its tags'. */
  benches: ReadonlyMap<string, number>;
  /** Every benchmark's base weight is 1, not its effectiveWeight. */
  alike: boolean;
}

/** As the source weighs: every benchmark at its effectiveWeight. */
export const SOURCE_WEIGHTS: Weights = { tags: new Map(), rest: 1, benches: new Map(), alike: false };

/** The names a field's weights may use: its tags' segments, and each benchmark's slug with its tags' segments. */
export interface WeightNames {
  tags: ReadonlySet<string>;
  benches: ReadonlyMap<string, readonly string[]>;
}

/** The `by` value of "every benchmark alike". */
export const ALIKE = 'alike';

const NUMBER = /^\d{1,3}(?:\.\d{1,3})?$/;

/** A weight as the address writes it, or undefined when it is not a number from 0 to MAX_WEIGHT. */
function weightOf(text: string): number | undefined {
  if (!NUMBER.test(text)) return undefined;
  const value = Number(text);
  return value <= MAX_WEIGHT ? value : undefined;
}

/** `name:weight` items of a list, in order; what is not one is said in `ignored`. */
function items(list: string, param: string, ignored: string[]): [string, number][] {
  const out: [string, number][] = [];
  for (const item of list.split(',')) {
    if (item === '') continue;
    const colon = item.lastIndexOf(':');
    const weight = colon > 0 ? weightOf(item.slice(colon + 1)) : undefined;
    if (weight === undefined) ignored.push(`“${item}” in ${param}: a weight is written name:number, the number from 0 to ${MAX_WEIGHT}.`);
    else out.push([item.slice(0, colon), weight]);
  }
  return out;
}

/** The tag weight of a benchmark's tags: the largest among them; `rest` for a benchmark without tags. */
const tagsWeight = (weights: Pick<Weights, 'tags' | 'rest'>, tags: readonly string[]) =>
  tags.length === 0 ? weights.rest : Math.max(...tags.map((t) => weights.tags.get(t) ?? weights.rest));

/**
 * The weights an address states, in their one form: tags weighing `rest` and benchmark weights equal
 * to their tags' dropped, so two addresses that weigh alike read alike. What it cannot use (a bad
 * number, a tag or benchmark the field does not have, another `by`) is left out and said in `ignored`.
 */
export function readWeights(params: WeightParams, names: WeightNames): { weights: Weights; ignored: string[] } {
  const ignored: string[] = [];
  const tags = new Map<string, number>();
  let rest = params.w === '' ? 1 : 0;
  for (const [name, weight] of items(params.w, 'w', ignored)) {
    if (name === '*') rest = weight;
    else if (names.tags.has(name)) tags.set(name, weight);
    else ignored.push(`“${name}”: no benchmark carries this tag.`);
  }
  for (const [tag, weight] of tags) if (weight === rest) tags.delete(tag);
  const benches = new Map<string, number>();
  for (const [slug, weight] of items(params.b, 'b', ignored)) {
    const own = names.benches.get(slug);
    if (!own) ignored.push(`“${slug}”: no such benchmark.`);
    else if (weight === tagsWeight({ tags, rest }, own)) benches.delete(slug);
    else benches.set(slug, weight);
  }
  const alike = params.by === ALIKE;
  if (params.by !== '' && !alike) ignored.push(`“by=${params.by}”: the only choice is by=${ALIKE}, every benchmark alike.`);
  const byName = <V>(map: Map<string, V>) => new Map([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { weights: { tags: byName(tags), rest, benches: byName(benches), alike }, ignored };
}

/** The address's parameters of weights in their one form (readWeights'): '' for what weighs as the source does. */
export function weightParams(weights: Weights): WeightParams {
  const listed = [...weights.tags].map(([t, v]) => `${t}:${v}`);
  // Without `w` every tag weighs 1: anything else must say `*`, even when no tag is listed.
  const rest = weights.rest === 0 && listed.length > 0 ? [] : [`*:${weights.rest}`];
  return {
    w: listed.length === 0 && weights.rest === 1 ? '' : [...listed, ...rest].join(','),
    b: [...weights.benches].map(([s, v]) => `${s}:${v}`).join(','),
    by: weights.alike ? ALIKE : '',
  };
}

/** True when the weights are the source's own: every benchmark at its effectiveWeight. */
export const isSourceWeights = (weights: Weights) => !weights.alike && weights.benches.size === 0 && weights.tags.size === 0 && weights.rest === 1;

/** The benchmarks as the weights read them, by id: effectiveWeight, slug and tags' segments. */
export interface WeighedBenchmarks {
  effectiveWeight: ArrayLike<number>;
  slug: readonly string[];
  tags: readonly (readonly string[])[];
}

/** Each benchmark's own weight, by id: its weight in `b`, else the largest of its tags', else `*`'s. */
export const ownWeights = (weights: Weights, benchmarks: Omit<WeighedBenchmarks, 'effectiveWeight'>): Float64Array =>
  Float64Array.from(benchmarks.slug, (slug, b) => weights.benches.get(slug) ?? tagsWeight(weights, benchmarks.tags[b]!));

/** Thousandths: an address gives a weight with at most three decimals, so a weight in them is a whole number. */
const MILLI = 1000;

/** The benchmarks' weights a ranking uses, by id, and whether they are the source's own. */
export interface Weighing {
  /** Each benchmark's weight in a comparison: its base times its own weight over the largest own weight. */
  weight: Float64Array;
  /** Every benchmark weighs its effectiveWeight exactly: the references are the API's top 10 (reweigh.ts). */
  source: boolean;
}

/**
 * Each benchmark's weight in a comparison, by id: its base (effectiveWeight, 0 where not positive; 1
 * for every benchmark alike) times its own weight divided by the largest own weight among the
 * benchmarks of a positive base. Only the weights' proportions count: each own weight is a whole
 * number of thousandths, and a ratio of whole numbers is the same double however they were scaled,
 * so `*:2`, `*:0.1` and no weights at all give the same numbers to the bit, and so do `coding:1` and
 * `coding:5`. Weights that are all one value are the source's: the base times exactly 1, the very
 * number the evidence score weighs a benchmark by. All 0: every weight 0, nothing weighed.
 */
export function weighingOf(weights: Weights, benchmarks: WeighedBenchmarks): Weighing {
  const own = ownWeights(weights, benchmarks);
  const base = Float64Array.from(benchmarks.slug, (_, b) => {
    const effective = benchmarks.effectiveWeight[b]!;
    return weights.alike ? 1 : effective > 0 ? effective : 0;
  });
  let most = 0;
  let alike = true;
  let first = -1;
  for (let b = 0; b < own.length; b++) {
    own[b] = Math.round(own[b]! * MILLI);
    if (!(base[b]! > 0)) continue;
    if (first < 0) first = own[b]!;
    else if (own[b] !== first) alike = false;
    most = Math.max(most, own[b]!);
  }
  const weight = Float64Array.from(base, (w, b) => (most > 0 ? w * (own[b]! / most) : 0));
  return { weight, source: !weights.alike && most > 0 && alike };
}
