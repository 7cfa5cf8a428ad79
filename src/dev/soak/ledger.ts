/**
 * What the soak knows to be true, and the history checked against it: every export the simulated API
 * served (its generatedAt and its ranking), which of them a run fetched (the runner's snapshot held
 * it after a run) and which were published (the state a deploy published held it). A history is read
 * where the mirror keeps it (the runner's snapshot, the published state, the site's history files)
 * and must hold every day fetched or published, each as the API served it, and no other: a day the
 * mirror never fetched is a gap, never filled and never invented.
 */
import { dayOf } from '../../site/lists/past-files.ts';
import { rankingDigest } from './field.ts';

export interface Version {
  generatedAt: number;
  /** The soak's day the API first served it. */
  day: number;
  ranking: [string, number][];
}

/** A day of history as a store holds it. */
export interface HistoryEntry {
  generatedAt: number;
  /** Undefined where the store gives only the day (the site's index). */
  ranking?: [string, number][];
}

/** Where a history was read: every one must hold every day published; the runner's snapshot also every day a run fetched. */
export type Store = 'runner' | 'state' | 'site';

export interface LostDay {
  /** The history's day (generatedAt's UTC date). */
  date: string;
  /** The soak's day it was found missing or wrong, and where. */
  day: number;
  store: Store;
  what: 'missing' | 'wrong';
  /** A day fetched and never published: the soak's day a run fetched it. */
  fetchedOn?: number;
}

export class Ledger {
  readonly versions = new Map<number, Version>();
  /** generatedAt -> the soak's day a run first held it, and first published it. */
  readonly fetched = new Map<number, number>();
  readonly published = new Map<number, number>();
  readonly lost = new Map<number, LostDay>();

  served(v: Version): void {
    if (!this.versions.has(v.generatedAt)) this.versions.set(v.generatedAt, v);
  }

  /**
   * Checks a history read from `store` on `day`, and records what it shows fetched or published:
   * failure lines for a day invented, held wrong, or published and missing. A day fetched and not yet
   * published that the runner's snapshot lacks (a failed job's machine is not cached) is lost only if
   * no later run fetches it again: `finish` says at the end.
   */
  observe(store: Store, day: number, history: readonly HistoryEntry[]): string[] {
    const failures: string[] = [];
    const held = new Set<number>();
    for (const entry of history) {
      held.add(entry.generatedAt);
      const truth = this.versions.get(entry.generatedAt);
      if (!truth) {
        failures.push(`${store}: the history holds ${iso(entry.generatedAt)}, which the API never served (invented)`);
        continue;
      }
      const wrong = entry.ranking && firstDifference(entry.ranking, truth.ranking);
      if (wrong) {
        failures.push(`${store}: the history of ${dayOf(entry.generatedAt)} is not what the API served: ${wrong}`);
        this.#lose(entry.generatedAt, day, store, 'wrong');
      }
    }
    for (const at of [...this.published.keys()].sort((a, b) => a - b))
      if (!held.has(at)) {
        failures.push(`${store}: the history lost ${dayOf(at)} (published on day ${this.published.get(at)})`);
        this.#lose(at, day, store, 'missing');
      }
    if (store === 'runner') this.#lastRunner = held;
    const mark = store === 'runner' ? this.fetched : store === 'state' ? this.published : undefined;
    if (mark) for (const at of held) if (this.versions.has(at) && !mark.has(at)) mark.set(at, day);
    return failures;
  }

  #lastRunner = new Set<number>();

  /** At the end: a day a run fetched that neither the last run's snapshot nor the published state holds is lost. */
  finish(day: number, published: readonly HistoryEntry[]): void {
    const kept = new Set([...this.#lastRunner, ...published.map((e) => e.generatedAt)]);
    for (const [at, fetchedOn] of this.fetched) if (!kept.has(at)) this.#lose(at, day, 'runner', 'missing', fetchedOn);
  }

  #lose(at: number, day: number, store: Store, what: LostDay['what'], fetchedOn?: number): void {
    if (!this.lost.has(at)) this.lost.set(at, { date: dayOf(at), day, store, what, ...(fetchedOn !== undefined ? { fetchedOn } : {}) });
  }

  /** Exports served that no run ever fetched: the history's gaps. */
  gaps(): number {
    return [...this.versions.keys()].filter((at) => !this.fetched.has(at) && !this.published.has(at)).length;
  }

  /** The API's newest export as of `day`. */
  latest(day: number): Version | undefined {
    let best: Version | undefined;
    for (const v of this.versions.values()) if (v.day <= day && (!best || v.generatedAt > best.generatedAt)) best = v;
    return best;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

function firstDifference(held: readonly [string, number][], truth: readonly [string, number][]): string | undefined {
  const n = Math.max(held.length, truth.length);
  for (let i = 0; i < n; i++) {
    const [a, b] = [held[i], truth[i]];
    if (!a || !b || a[0] !== b[0] || a[1] !== b[1])
      return `position ${i + 1} holds ${a ? `${a[0]} ${a[1]}` : 'nothing'}, the API served ${b ? `${b[0]} ${b[1]}` : 'nothing'} (${rankingDigest(held)} against ${rankingDigest(truth)})`;
  }
  return undefined;
}
