/**
 * The generated population: providers, their model lines, releases, families (one familyTag each)
 * and configurations (rows of `/v1/models`). Revision 0 is built to the asked size; each later
 * revision drifts every family's skill a little, retires a few weak configurations and adds a few
 * from new releases, always in the same order so that revision k is reproducible.
 */
import type { BenchDef } from './benches.ts';
import { slugify } from './benches.ts';
import { CHANNEL } from './channels.ts';
import { Rng, clamp, hashString, rngFor, sigmoid } from './random.ts';
import { pickTags, WeightedPicker, type Taxonomy } from './taxonomy.ts';
import {
  BENCH_DOMAINS,
  BLOCKED_FRAGMENTS,
  DOMAIN_WEIGHT,
  LINE_NAMES,
  NAME_ENDINGS,
  NAME_MIDDLES,
  NAME_ONSETS,
  NAME_VOWELS,
  PROVIDER_NOUNS,
  PROVIDER_WORDS,
  SEPARATE_TIERS,
  SHARED_TIERS,
  type Domain,
} from './vocabulary.ts';

export interface Provider {
  name: string;
  slug: string;
  /** Skill shared by all of the provider's lines (hidden). */
  strength: number;
}

export interface Line {
  id: number;
  name: string;
  provider: Provider;
  /** What the line is tuned for; `general` lines are all-rounders. */
  focus: Domain;
  effect: number;
  /** Version of the newest release, in tenths (3.1 is 31). */
  lastTenths: number;
  bestZ: number;
}

export interface Family {
  id: number;
  tag: string;
  line: Line;
  /** Current skill on the logit scale of supraScore; drifts per revision. */
  z: number;
  /** Scales the members' offsets; drifts per revision but stays positive, so their order holds. */
  gapScale: number;
  /** Benchmarks in the order members report them; a member reports a prefix. */
  picks: Int32Array;
  driftedAt: number;
}

export interface Config {
  id: number;
  family: Family;
  name: string;
  slug: string;
  /** Skill relative to the family (effort and tier). */
  offset: number;
  tags: number[];
  /** Benchmarks with a counted score: the first `benchCount` of the family's picks. */
  benchCount: number;
  /** Extra submissions that do not count (downvotes >= upvotes). */
  invalidCount: number;
  createdRev: number;
  /** Skill when the configuration was added: its per-bench scores come from it. */
  z0: number;
}

interface MemberSpec {
  tier: string;
  effort: string;
  offset: number;
}

interface FamilySpec {
  tag: string;
  z: number;
  members: MemberSpec[];
}

/** supraScore before rounding: a logistic map of skill, with the top near 95 and the floor near 4. */
export function supraOf(z: number): number {
  return 4 + 91 * sigmoid(1.2 * z + 0.7);
}

export function zOf(config: Config): number {
  return config.family.z + config.offset * config.family.gapScale;
}

const START_TENTHS = [10, 20, 20, 30, 30, 40] as const;
const STEP_TENTHS = [10, 10, 10, 5, 5, 1] as const;

function versionText(tenths: number): string {
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** Provider names: the two of the brief first, then one per first word, then the other pairings. */
function providerNames(seedKey: number): string[] {
  const rng = rngFor(seedKey, CHANNEL.providers);
  const fixed = ['Halcyon Systems', 'Verdant Compute'];
  const words = rng.shuffle(PROVIDER_WORDS.filter((w) => w !== 'Halcyon' && w !== 'Verdant'));
  const firsts = words.map((w) => `${w} ${rng.pick(PROVIDER_NOUNS)}`);
  const taken = new Set([...fixed, ...firsts]);
  const rest: string[] = [];
  for (const w of PROVIDER_WORDS) for (const n of PROVIDER_NOUNS) if (!taken.has(`${w} ${n}`)) rest.push(`${w} ${n}`);
  return [...fixed, ...firsts, ...rng.shuffle(rest)];
}

/** Line names: the curated ones in a seeded order, then generated two-syllable names. */
class LineNamePool {
  private readonly curated: string[];
  private readonly rng: Rng;
  private readonly used = new Set<string>();

  constructor(seedKey: number) {
    this.rng = rngFor(seedKey, CHANNEL.lineNames);
    this.curated = this.rng.shuffle([...LINE_NAMES]);
    for (const n of this.curated) this.used.add(n.toLowerCase());
  }

  next(): string {
    const curated = this.curated.shift();
    if (curated !== undefined) return curated;
    for (let attempt = 0; attempt < 100_000; attempt++) {
      const r = this.rng;
      let raw = r.pick(NAME_ONSETS) + r.pick(NAME_VOWELS) + r.pick(NAME_MIDDLES);
      if (r.chance(0.3)) raw += r.pick(NAME_VOWELS) + r.pick(NAME_MIDDLES);
      raw += r.pick(NAME_ENDINGS);
      if (raw.length < 5 || raw.length > 10 || /(.)\1\1/.test(raw) || this.used.has(raw)) continue;
      if (BLOCKED_FRAGMENTS.some((f) => raw.includes(f))) continue;
      this.used.add(raw);
      return raw[0]!.toUpperCase() + raw.slice(1);
    }
    throw new RangeError('ran out of model-line names');
  }
}

/** Efforts of a family of `size` reasoning-effort configurations, strongest first. */
function effortMembers(size: number, rng: Rng, tier = '', tierOffset = 0): MemberSpec[] {
  const efforts =
    size <= 1
      ? ['high']
      : size === 2
        ? ['high', 'low']
        : size === 3
          ? ['high', 'medium', 'low']
          : rng.chance(0.5)
            ? ['max', 'high', 'medium', 'low']
            : ['high', 'medium', 'low', 'minimal'];
  let below = 0;
  return efforts.map((effort) => {
    if (effort === 'max') return { tier, effort, offset: tierOffset + rng.range(0.05, 0.15) };
    if (effort === 'medium') below -= rng.range(0.15, 0.35);
    if (effort === 'low') below -= efforts.includes('medium') ? rng.range(0.15, 0.35) : rng.range(0.3, 0.7);
    if (effort === 'minimal') below -= rng.range(0.2, 0.4);
    return { tier, effort, offset: tierOffset + below };
  });
}

export interface WorldOptions {
  seedKey: number;
  configurations: number;
  benches: BenchDef[];
  taxonomy: Taxonomy;
  /** Each revision adds exactly as many configurations as it retires. */
  steady?: boolean;
}

export class World {
  readonly providers: Provider[];
  alive: Config[] = [];
  private readonly seedKey: number;
  private readonly benches: BenchDef[];
  private readonly taxonomy: Taxonomy;
  private readonly benchPicker: WeightedPicker;
  private readonly benchStamp: Int32Array;
  private stamp = 0;
  /** Benchmarks a configuration can plausibly have run: grows slower than the bench count. */
  private readonly benchSpan: number;
  private readonly lineNames: LineNamePool;
  private readonly slugs = new Set<string>();
  private nextLineId = 1;
  private nextFamilyId = 1;
  private nextConfigId = 1;

  private readonly configurations: number;
  private readonly steady: boolean;

  constructor(options: WorldOptions) {
    this.configurations = options.configurations;
    this.steady = options.steady ?? false;
    this.seedKey = options.seedKey;
    this.benches = options.benches;
    this.taxonomy = options.taxonomy;
    this.benchPicker = new WeightedPicker(this.benches.map((b) => ({ index: b.index, weight: b.popularity })));
    this.benchStamp = new Int32Array(this.benches.length);
    this.benchSpan = Math.min(this.benches.length, 60 + Math.floor(this.benches.length / 10));
    this.lineNames = new LineNamePool(this.seedKey);
    const n = options.configurations;
    const names = providerNames(this.seedKey);
    const count = Math.min(names.length, Math.max(1, Math.round(Math.sqrt(n) / 1.45)));
    this.providers = names.slice(0, count).map((name) => ({
      name,
      slug: slugify(name),
      strength: 0.7 * rngFor(this.seedKey, CHANNEL.provider, hashString(name)).normal(),
    }));
  }

  /** Revision 0: exactly `configurations` rows, shared among providers with a long tail. */
  populate(): void {
    const quotas = this.quotas(this.configurations);
    this.providers.forEach((provider, p) => {
      let remaining = quotas[p]!;
      while (remaining > 0) {
        const line = this.newLine(provider);
        const rng = rngFor(this.seedKey, CHANNEL.line, line.id);
        const releases = 1 + rng.int(5);
        // Newer versions of a line are stronger: draw the skills, then hand them out in order.
        const skills = Array.from({ length: releases }, () => -0.3 + provider.strength + line.effect + 0.9 * rng.normal()).sort((a, b) => a - b);
        let tenths: number = rng.pick(START_TENTHS);
        for (let v = 0; v < releases && remaining > 0; v++) {
          if (v > 0) tenths += rng.pick(STEP_TENTHS);
          remaining -= this.addRelease(line, tenths, skills[v]!, rng, 0, remaining);
        }
      }
    });
    this.z0 = this.spread();
  }

  /** The step from revision r-1 to r. */
  evolve(r: number): void {
    for (const c of this.alive) {
      const f = c.family;
      if (f.driftedAt === r) continue;
      f.driftedAt = r;
      const d = rngFor(this.seedKey, CHANNEL.drift, f.id, r);
      f.z += 0.04 * d.normal();
      f.gapScale *= Math.exp(0.04 * d.normal());
    }

    const rng = rngFor(this.seedKey, CHANNEL.revision, r);
    const size = this.alive.length;
    const removals = 1 + rng.int(2 + Math.floor(size * 0.012));
    const victims = new Set<Config>();
    for (let attempt = 0; attempt < removals * 10 && victims.size < removals && size - victims.size > 1; attempt++) {
      // The weaker of two random configurations: retired rows are mostly old and weak.
      const a = this.alive[rng.int(size)]!;
      const b = this.alive[rng.int(size)]!;
      victims.add(zOf(a) <= zOf(b) ? a : b);
    }
    if (victims.size > 0) this.alive = this.alive.filter((c) => !victims.has(c));

    // Whole releases are added, so the target is overshot by about one release (cut to size when steady).
    const target = this.steady ? victims.size : 1 + rng.int(1 + Math.floor(size * 0.008));
    const budget = (added: number) => (this.steady ? target - added : Infinity);
    const existing = this.alive.length;
    for (let added = 0; added < target;) {
      if (existing === 0 || rng.chance(0.2)) {
        const provider = this.providers[rng.int(this.providers.length)]!;
        const line = this.newLine(provider);
        const z = -0.3 + provider.strength + line.effect + 0.9 * rng.normal() + 0.3;
        added += this.addRelease(line, rng.pick(START_TENTHS), z, rng, r, budget(added));
      } else {
        const line = this.alive[rng.int(existing)]!.family.line;
        added += this.addRelease(line, line.lastTenths + rng.pick(STEP_TENTHS), line.bestZ + rng.range(0.05, 0.45), rng, r, budget(added));
      }
    }
    if (this.steady) this.recentre();
  }

  private z0 = { mean: 0, sd: 1 };

  /**
   * Scores are relative to the field: as newer, stronger releases arrive, everyone else sinks, and
   * the field's spread of skill stays as on day 0 (daily drift alone would widen it without end).
   */
  private recentre(): void {
    const now = this.spread();
    const scale = now.sd > 0 ? this.z0.sd / now.sd : 1;
    const move = (z: number) => this.z0.mean + (z - now.mean) * scale;
    const families = new Set(this.alive.map((c) => c.family));
    for (const f of families) f.z = move(f.z);
    for (const line of new Set([...families].map((f) => f.line))) line.bestZ = move(line.bestZ);
  }

  private spread(): { mean: number; sd: number } {
    const n = Math.max(1, this.alive.length);
    const mean = this.alive.reduce((sum, c) => sum + zOf(c), 0) / n;
    const sd = Math.sqrt(this.alive.reduce((sum, c) => sum + (zOf(c) - mean) ** 2, 0) / n);
    return { mean, sd };
  }

  /** Largest-remainder split of `n` with Zipf-like provider weights. */
  private quotas(n: number): number[] {
    const rng = rngFor(this.seedKey, CHANNEL.providers, 1);
    const weights = this.providers.map((_, i) => (0.6 + 0.8 * rng.next()) / Math.pow(i + 1, 0.6));
    const total = weights.reduce((a, b) => a + b, 0);
    const exact = weights.map((w) => (w / total) * n);
    const quotas = exact.map(Math.floor);
    let left = n - quotas.reduce((a, b) => a + b, 0);
    const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
    for (const { i } of order) {
      if (left <= 0) break;
      quotas[i]!++;
      left--;
    }
    return quotas;
  }

  private newLine(provider: Provider): Line {
    const id = this.nextLineId++;
    const rng = rngFor(this.seedKey, CHANNEL.lineTraits, id);
    const focus: Domain = rng.chance(0.45) ? 'general' : BENCH_DOMAINS[rng.weighted(BENCH_DOMAINS.map((d) => DOMAIN_WEIGHT[d]))]!;
    return { id, name: this.lineNames.next(), provider, focus, effect: 0.5 * rng.normal(), lastTenths: 0, bestZ: -Infinity };
  }

  /** Adds one release of `line` (a main family, sometimes a separately tagged tier); returns the rows added. */
  private addRelease(line: Line, tenths: number, z: number, rng: Rng, rev: number, budget = Infinity): number {
    line.lastTenths = tenths;
    line.bestZ = Math.max(line.bestZ, z);
    const release = `${line.name} ${versionText(tenths)}`;
    const specs: FamilySpec[] = [{ tag: slugify(release), z, members: this.mainMembers(rng) }];
    if (rng.chance(0.28)) {
      const tier = rng.pick(SEPARATE_TIERS);
      const members = rng.chance(0.7) ? [{ tier, effort: '', offset: 0 }] : effortMembers(2, rng, tier);
      specs.push({ tag: slugify(`${release} ${tier}`), z: z - rng.range(0.5, 1.1), members });
    }
    let added = 0;
    for (const spec of specs) {
      const members = spec.members.slice(0, Math.max(0, budget - added));
      if (members.length === 0) break;
      this.alive.push(...this.materialize(release, line, spec, members, rev));
      added += members.length;
    }
    return added;
  }

  /** Most families are one configuration; many are 2-4 reasoning efforts or product tiers. */
  private mainMembers(rng: Rng): MemberSpec[] {
    const size = 1 + rng.weighted([0.5, 0.2, 0.2, 0.1]);
    if (size === 1) return [{ tier: '', effort: rng.chance(0.15) ? 'high' : '', offset: 0 }];
    const mode = rng.weighted([0.65, 0.2, 0.15]);
    if (mode === 1) {
      let up = 0;
      return [
        { tier: '', effort: '', offset: 0 },
        ...SHARED_TIERS.slice(0, size - 1).map((tier) => ({ tier, effort: '', offset: (up += rng.range(0.1, 0.25)) })),
      ];
    }
    if (mode === 2 && size >= 3) {
      const tierUp = rng.range(0.15, 0.35);
      const plus = effortMembers(2, rng, SHARED_TIERS[0], tierUp);
      return size === 3 ? [{ tier: '', effort: '', offset: 0 }, ...plus] : [...effortMembers(2, rng), ...plus];
    }
    return effortMembers(size, rng);
  }

  private materialize(release: string, line: Line, spec: FamilySpec, members: MemberSpec[], rev: number): Config[] {
    const id = this.nextFamilyId++;
    const rng = rngFor(this.seedKey, CHANNEL.family, id);
    const family: Family = { id, tag: spec.tag, line, z: spec.z, gapScale: 1, picks: new Int32Array(0), driftedAt: rev };
    const tagCount = 1 + rng.weighted([0.12, 0.25, 0.28, 0.2, 0.1, 0.05]);
    const focus = line.focus;
    const familyTags = pickTags(
      rng,
      this.taxonomy,
      [
        [focus, 0.45],
        ['general', 0.2],
        ['any', 0.35],
      ],
      tagCount,
    );
    const reach = rng.range(0.75, 1.25);
    // A steady field keeps its make-up: a new release reports about as many benchmarks as a typical row does (its age's skill, not its own).
    const typical = this.steady && rev > 0 && this.alive.length > 0 ? zOf(this.alive[rng.int(this.alive.length)]!) : undefined;
    const configs = members.map((m): Config => {
      const name = `${release}${m.tier ? ` ${m.tier}` : ''}${m.effort ? ` (${m.effort})` : ''}`;
      const slug = slugify(name);
      if (this.slugs.has(slug)) throw new Error(`generated a duplicate slug ${slug}`);
      this.slugs.add(slug);
      const z0 = spec.z + m.offset;
      const tags = familyTags.length > 1 && members.length > 1 && rng.chance(0.15) ? familyTags.filter((_, i) => i !== familyTags.length - 1) : [...familyTags];
      const q = supraOf(typical === undefined ? z0 : typical + m.offset) / 100;
      const benchCount =
        this.benches.length === 0
          ? 0
          : clamp(Math.round(this.benchSpan * (0.04 + 0.6 * Math.pow(q, 1.6)) * reach * rng.range(0.92, 1.08)), 1, this.benches.length);
      const invalidCount = rng.weighted([0.55, 0.33, 0.12]);
      return { id: this.nextConfigId++, family, name, slug, offset: m.offset, tags, benchCount, invalidCount, createdRev: rev, z0 };
    });
    const longest = configs.reduce((a, c) => Math.max(a, c.benchCount), 0);
    family.picks = this.pickBenches(rng, Math.min(this.benches.length, longest + 3));
    return configs;
  }

  /** `count` distinct benchmarks drawn by popularity, in draw order. */
  private pickBenches(rng: Rng, count: number): Int32Array {
    const total = this.benches.length;
    const out = new Int32Array(count);
    if (count === 0) return out;
    if (count * 3 >= total) {
      // Most of the benches: weighted random keys (Efraimidis-Spirakis), sorted.
      const keys = this.benches.map((b) => ({ i: b.index, key: Math.log(1 - rng.next()) / b.popularity }));
      keys.sort((a, b) => b.key - a.key || a.i - b.i);
      for (let j = 0; j < count; j++) out[j] = keys[j]!.i;
      return out;
    }
    // A few of many: draw and reject repeats, marking drawn benches with a fresh stamp.
    const stamp = ++this.stamp;
    for (let j = 0; j < count;) {
      const i = this.benchPicker.pick(rng.next());
      if (this.benchStamp[i] === stamp) continue;
      this.benchStamp[i] = stamp;
      out[j++] = i;
    }
    return out;
  }
}
