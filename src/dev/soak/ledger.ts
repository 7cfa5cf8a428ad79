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

/** Where a history was read: it must hold every day fetched (runner, state) or published (all three). */
export type Store = 'runner' | 'state' | 'site';

export interface LostDay {
  /** The history's day (generatedAt's UTC date). */
  date: string;
  /** The soak's day it was found missing or wrong, and where. */
  day: number;
  store: Store;
  what: 'missing' | 'wrong';
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
   * failure lines for a day invented, held wrong, or missing.
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
    const owed = store === 'site' ? [...this.published.keys()] : [...new Set([...this.fetched.keys(), ...this.published.keys()])];
    for (const at of owed.sort((a, b) => a - b))
      if (!held.has(at)) {
        const was = this.published.has(at) ? `published on day ${this.published.get(at)}` : `fetched on day ${this.fetched.get(at)}`;
        failures.push(`${store}: the history lost ${dayOf(at)} (${was})`);
        this.#lose(at, day, store, 'missing');
      }
    const mark = store === 'runner' ? this.fetched : store === 'state' ? this.published : undefined;
    if (mark) for (const at of held) if (this.versions.has(at) && !mark.has(at)) mark.set(at, day);
    return failures;
  }

  #lose(at: number, day: number, store: Store, what: LostDay['what']): void {
    if (!this.lost.has(at)) this.lost.set(at, { date: dayOf(at), day, store, what });
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
