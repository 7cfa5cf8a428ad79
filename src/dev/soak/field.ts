/**
 * The soak's field: a small, seeded world the simulated API serves, day by day, changing as a real
 * one does: scores move, votes flip and submissions arrive on the per-benchmark details, new
 * configurations and models come, models leave, and on the method-change day (2026-09-17) every
 * supraScore is computed anew. It changes on about one day in ten (`CHANGE_CHANCE`), each change a
 * new export with a later generatedAt and updatedAt; on the other days it serves the same bytes, so
 * a conditional request gets 304 and the mirror renders nothing. Same seed, same exports, byte for byte.
 */
import { byRanking, byWeight } from '../../api/ranking.ts';
import type { BenchSummary, ModelSummary, ScoreEntry, TagInfo } from '../../api/schema.ts';
import { clamp, hash, hashString, rngFor, round2, sigmoid, type Rng } from '../sample/random.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** The day the API's supraScore method changed (its changelog). */
export const METHOD_CHANGE_AT = Date.UTC(2026, 8, 17);

/** The chance that a day other than the first and the method change brings a new export: about 38 a year. */
export const CHANGE_CHANCE = 0.1;

const PROVIDERS = ['Soak Labs', 'Example Compute', 'Placeholder AI', 'Fixture Systems', 'Stand-in Research'];
const TAGS = ['agents', 'code-generation', 'long-context', 'math', 'multilingual', 'reasoning', 'tool-use', 'vision'];
const BENCHES = ['soak-arith', 'soak-code', 'soak-context', 'soak-logic', 'soak-tools', 'soak-vision'];
const EFFORTS = ['high', 'low', 'mini'];

interface Configuration {
  slug: string;
  name: string;
  familyTag: string;
  provider: string;
  tags: string[];
  skill: number;
  /** A fixed draw the new method weighs differently from the old, so ranks reorder on the method-change day. */
  quirk: number;
  updatedAt: number;
  scores: ScoreEntry[];
}

/** What the API serves on one day: its export's bytes, the details of `/v1/models/{slug}`, and what changed. */
export interface FieldDay {
  day: number;
  /** A new export today (the first day, the method change, or a change drawn from the seed). */
  changed: boolean;
  methodChange: boolean;
  generatedAt: number;
  exportBody: string;
  details: Record<string, unknown>;
  /** The configurations in ranking order with their supraScore: what a snapshot of this export holds. */
  ranking: [slug: string, supraScore: number][];
  /** What the day brought, for the report: new and removed configurations. */
  arrived: number;
  left: number;
}

const SEED_CHANNEL = 0x50a4;

export class Field {
  readonly #seed: number;
  readonly #start: number;
  readonly #configurations: Configuration[] = [];
  #nextModel = 0;
  #weights: number[];
  #current: FieldDay | undefined;

  /** `start`: 00:00 UTC of the first simulated day. */
  constructor(seed: number, start: number) {
    this.#seed = hash(SEED_CHANNEL, seed);
    this.#start = start;
    const rng = this.#rng(-1, 0);
    this.#weights = BENCHES.map(() => round2(rng.range(20, 90)));
    for (let i = 0; i < 9; i++) this.#addModel(rng, start);
  }

  #rng(day: number, channel: number): Rng {
    return rngFor(this.#seed, day, channel);
  }

  /** Midnight UTC of day `day` of the soak. */
  dayStart(day: number): number {
    return this.#start + day * DAY;
  }

  #addModel(rng: Rng, at: number): number {
    const id = this.#nextModel++;
    const provider = PROVIDERS[id % PROVIDERS.length]!;
    const familyTag = `soak-${id + 1}`;
    const skill = rng.normal();
    const tags = rng
      .shuffle([...TAGS])
      .slice(0, 1 + rng.int(3))
      .sort();
    const count = 1 + rng.int(3);
    for (let e = 0; e < count; e++) this.#addConfiguration(rng, { familyTag, provider, tags, skill: skill - e * 0.4, effort: EFFORTS[e]!, at });
    return count;
  }

  #addConfiguration(rng: Rng, m: { familyTag: string; provider: string; tags: string[]; skill: number; effort: string; at: number }): void {
    const slug = `${m.familyTag}-${m.effort}`;
    if (this.#configurations.some((c) => c.slug === slug)) return;
    const benches = rng.shuffle([...BENCHES]).slice(0, 2 + rng.int(4));
    const c: Configuration = {
      slug,
      name: `Soak Model ${m.familyTag.slice(5)} (${m.effort})`,
      familyTag: m.familyTag,
      provider: m.provider,
      tags: m.tags,
      skill: m.skill,
      quirk: rng.normal(),
      updatedAt: m.at,
      scores: [],
    };
    for (const bench of benches) c.scores.push(this.#score(rng, c, bench, m.at));
    this.#configurations.push(c);
  }

  #score(rng: Rng, c: Configuration, bench: string, at: number): ScoreEntry {
    const normalized = round2(clamp(100 * sigmoid(c.skill + 0.3 * rng.normal()), 0, 100));
    return {
      bench,
      benchName: `Soak ${bench.slice(5)}`,
      rawScore: round2(normalized / 100),
      normalizedScore: normalized,
      sourceUrl: `https://example.org/soak/${bench}/${c.slug}`,
      accessedAt: at - 2 * DAY,
      upvotes: 3 + rng.int(8),
      downvotes: rng.int(3),
    };
  }

  /** The supraScore of a configuration at `at`: the old method before METHOD_CHANGE_AT, the win-rate one from it. */
  #supraScore(c: Configuration, at: number): number {
    const score = at < METHOD_CHANGE_AT ? 50 + 14 * c.skill : 100 * sigmoid(0.9 * c.skill + 0.8 * c.quirk);
    return round2(clamp(score, 0, 100));
  }

  /** Today's changes: scores move, votes flip, submissions arrive, configurations and models come and go. */
  #change(day: number, at: number): { arrived: number; left: number } {
    const rng = this.#rng(day, 1);
    let arrived = 0;
    let left = 0;
    const moved = rng.shuffle([...this.#configurations]).slice(0, 3 + rng.int(4));
    for (const c of moved) {
      c.skill += 0.25 * rng.normal();
      c.updatedAt = at;
      const score = c.scores[rng.int(c.scores.length)]!;
      if (rng.chance(0.5)) [score.upvotes, score.downvotes] = [score.downvotes, score.upvotes];
      else score.upvotes += 1 + rng.int(3);
      if (rng.chance(0.2)) {
        const missing = BENCHES.filter((b) => !c.scores.some((s) => s.bench === b));
        if (missing.length > 0) c.scores.push(this.#score(rng, c, rng.pick(missing), at));
      }
    }
    this.#weights = this.#weights.map((w) => round2(clamp(w * (1 + 0.03 * rng.normal()), 1, 100)));
    if (rng.chance(0.25)) arrived += this.#addModel(rng, at);
    else if (rng.chance(0.15)) {
      const base = rng.pick(this.#configurations);
      const before = this.#configurations.length;
      this.#addConfiguration(rng, { ...base, skill: base.skill - 0.6, effort: rng.pick(EFFORTS), at });
      arrived += this.#configurations.length - before;
    }
    const families = [...new Set(this.#configurations.map((c) => c.familyTag))];
    if (families.length > 7 && rng.chance(0.12)) {
      const gone = rng.pick(families);
      left = this.#configurations.filter((c) => c.familyTag === gone).length;
      this.#configurations.splice(0, this.#configurations.length, ...this.#configurations.filter((c) => c.familyTag !== gone));
    }
    return { arrived, left };
  }

  /** Whether day `day` brings a new export, drawn without changing anything. */
  changesOn(day: number): boolean {
    const at = this.dayStart(day);
    return day === 0 || (at <= METHOD_CHANGE_AT && at + DAY > METHOD_CHANGE_AT) || this.#rng(day, 0).chance(CHANGE_CHANCE);
  }

  /** Day `day`'s export; days are asked for in order, each once or again. */
  on(day: number): FieldDay {
    if (this.#current && this.#current.day === day) return this.#current;
    if (this.#current && day !== this.#current.day + 1) throw new RangeError(`the field moves a day at a time (day ${this.#current.day} to ${day})`);
    const start = this.dayStart(day);
    const methodChange = start <= METHOD_CHANGE_AT && start + DAY > METHOD_CHANGE_AT;
    const changed = this.changesOn(day);
    if (!changed) return (this.#current = { ...this.#current!, day, changed, methodChange, arrived: 0, left: 0 });
    // Assembled at 06:00 and a few minutes, before the scheduled run at 06:17.
    const generatedAt = start + 6 * 60 * MINUTE + this.#rng(day, 2).int(10) * MINUTE;
    const { arrived, left } = day === 0 ? { arrived: 0, left: 0 } : this.#change(day, generatedAt - MINUTE);
    if (methodChange) for (const c of this.#configurations) c.updatedAt = generatedAt - MINUTE;
    return (this.#current = { day, changed, methodChange, generatedAt, arrived, left, ...this.#serve(generatedAt) });
  }

  #serve(generatedAt: number): Pick<FieldDay, 'exportBody' | 'details' | 'ranking'> {
    const models: ModelSummary[] = this.#configurations
      .map((c) => ({
        slug: c.slug,
        name: c.name,
        provider: c.provider,
        familyTag: c.familyTag,
        tags: c.tags,
        supraScore: this.#supraScore(c, generatedAt),
        benchCount: c.scores.filter((s) => s.upvotes > s.downvotes).length,
        updatedAt: c.updatedAt,
      }))
      .sort(byRanking);
    const benches: BenchSummary[] = BENCHES.map((slug, i) => ({
      slug,
      name: `Soak ${slug.slice(5)}`,
      description: `A benchmark of the soak's field: ${slug.slice(5)}.`,
      url: `https://example.org/soak/${slug}`,
      isOfficial: i % 2 === 0,
      tags: [TAGS[(i * 3) % TAGS.length]!],
      scaleMin: 0,
      scaleMax: 1,
      qualityScore: 60 + i * 5,
      dimensions: { relevance: 4, contamination: 3, discriminability: 3.5, reproducibility: 4, difficulty: 3 },
      modelCount: this.#configurations.filter((c) => c.scores.some((s) => s.bench === slug)).length,
      raterCount: 10 + i,
      effectiveWeight: this.#weights[i]!,
    })).sort(byWeight);
    const tags: TagInfo[] = TAGS.map((tag) => ({
      tag,
      models: new Set(this.#configurations.filter((c) => c.tags.includes(tag)).map((c) => c.familyTag)).size,
      benches: benches.filter((b) => b.tags.includes(tag)).length,
    }));
    const bySlug = new Map(models.map((m) => [m.slug, m]));
    const details = Object.fromEntries(
      this.#configurations
        .map((c) => [c.slug, { ...bySlug.get(c.slug)!, scores: c.scores.map((s) => ({ ...s })) }] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    return {
      exportBody: JSON.stringify({ generatedAt, models, benches, tags }),
      details,
      ranking: models.map((m) => [m.slug, m.supraScore]),
    };
  }
}

/** A short, stable fingerprint of a ranking, for the report and the history checks. */
export const rankingDigest = (ranking: readonly (readonly [string, number])[]): string =>
  hashString(ranking.map(([slug, score]) => `${slug}=${score}`).join(','))
    .toString(16)
    .padStart(8, '0');
