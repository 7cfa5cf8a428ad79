/**
 * The generated capability-tag taxonomy: curated tags taken round-robin by domain, then qualified
 * combinations (`few-shot-code-repair`) for large sizes. A few tags are reserved so that no row
 * carries them, as in a real taxonomy where tags linger after their rows lost them.
 */
import { CHANNEL } from './channels.ts';
import { Rng, rngFor } from './random.ts';
import { CURATED_TAGS, DOMAINS, TAG_QUALIFIERS, type Domain } from './vocabulary.ts';

export interface TagDef {
  name: string;
  domain: Domain;
  /** Relative popularity when rows draw their tags. */
  weight: number;
  /** Carried by no row. */
  reserved: boolean;
}

/** Weighted draws among a fixed set of indices (binary search over cumulative weights). */
export class WeightedPicker {
  readonly size: number;
  private readonly indices: Int32Array;
  private readonly cumulative: Float64Array;

  constructor(entries: ReadonlyArray<{ index: number; weight: number }>) {
    this.size = entries.length;
    this.indices = new Int32Array(entries.length);
    this.cumulative = new Float64Array(entries.length);
    let total = 0;
    entries.forEach((e, i) => {
      total += e.weight;
      this.indices[i] = e.index;
      this.cumulative[i] = total;
    });
  }

  /** The index drawn by a uniform `u` in [0, 1), or -1 when the picker is empty. */
  pick(u: number): number {
    if (this.size === 0) return -1;
    const target = u * this.cumulative[this.size - 1]!;
    let lo = 0;
    let hi = this.size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > target) hi = mid;
      else lo = mid + 1;
    }
    return this.indices[lo]!;
  }
}

export interface Taxonomy {
  tags: TagDef[];
  /** Tag name -> index in `tags`, for the tags a row may carry. */
  eligible: Map<string, number>;
  /** Every tag a row may carry. */
  any: WeightedPicker;
  byDomain: Map<Domain, WeightedPicker>;
}

/** Share of tags no row carries: a few, even in a small taxonomy. */
function reservedCount(count: number): number {
  if (count >= 20) return Math.max(3, Math.round(count * 0.02));
  return count >= 5 ? 1 : 0;
}

export function buildTaxonomy(seedKey: number, count: number): Taxonomy {
  const tags: TagDef[] = [];
  const used = new Set<string>();
  const queues = DOMAINS.map((domain) => ({ domain, names: [...CURATED_TAGS[domain]], taken: 0 }));
  // Round-robin keeps every domain represented in a small taxonomy.
  while (tags.length < count && queues.some((q) => q.taken < q.names.length)) {
    for (const q of queues) {
      if (tags.length >= count) break;
      const name = q.names[q.taken];
      if (name === undefined) continue;
      q.taken++;
      used.add(name);
      tags.push({ name, domain: q.domain, weight: 1 / Math.pow(q.taken, 0.3), reserved: false });
    }
  }
  if (tags.length < count) {
    const rng = rngFor(seedKey, CHANNEL.taxonomy, 1);
    // Combinations that read naturally first, then the rest, each in a seeded order.
    const natural: Array<{ name: string; domain: Domain }> = [];
    const other: Array<{ name: string; domain: Domain }> = [];
    for (const [qualifier, domains] of Object.entries(TAG_QUALIFIERS)) {
      for (const domain of DOMAINS) {
        if (domain === 'general') continue;
        for (const base of CURATED_TAGS[domain]) {
          if (base.includes(qualifier) || qualifier.includes(base)) continue;
          (domains.includes(domain) ? natural : other).push({ name: `${qualifier}-${base}`, domain });
        }
      }
    }
    const combos = [...rng.shuffle(natural), ...rng.shuffle(other)];
    for (const combo of combos) {
      if (tags.length >= count) break;
      if (used.has(combo.name)) continue;
      used.add(combo.name);
      tags.push({ ...combo, weight: rng.range(0.08, 0.3), reserved: false });
    }
    if (tags.length < count) throw new RangeError(`tags: at most ${tags.length} can be generated, ${count} asked`);
  }

  let toReserve = reservedCount(count);
  for (let i = tags.length - 1; i >= 0 && toReserve > 0; i--) {
    const tag = tags[i]!;
    if (tag.domain === 'general') continue;
    tag.reserved = true;
    toReserve--;
  }

  const eligible = tags.map((t, index) => ({ index, weight: t.weight, domain: t.domain, reserved: t.reserved })).filter((t) => !t.reserved);
  const byDomain = new Map<Domain, WeightedPicker>();
  for (const domain of DOMAINS) byDomain.set(domain, new WeightedPicker(eligible.filter((t) => t.domain === domain)));
  return { tags, eligible: new Map(eligible.map((t) => [tags[t.index]!.name, t.index])), any: new WeightedPicker(eligible), byDomain };
}

/**
 * Draws tags until there are `n` distinct ones after `initial`: the first from `sources[0]`, the
 * others from a source chosen by weight. A source is a domain or `any`; an empty one falls back to `any`.
 */
export function pickTags(
  rng: Rng,
  taxonomy: Taxonomy,
  sources: ReadonlyArray<readonly [Domain | 'any', number]>,
  n: number,
  initial: readonly number[] = [],
): number[] {
  const out: number[] = [...initial];
  const weights = sources.map(([, w]) => w);
  for (let attempt = 0; out.length < n && attempt < n * 10; attempt++) {
    const [source] = sources[out.length === 0 ? 0 : rng.weighted(weights)] ?? ['any'];
    let picker = source === 'any' ? taxonomy.any : taxonomy.byDomain.get(source);
    if (!picker || picker.size === 0) picker = taxonomy.any;
    const index = picker.pick(rng.next());
    if (index < 0) break;
    if (!out.includes(index)) out.push(index);
  }
  return out;
}
