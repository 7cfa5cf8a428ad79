/** Per-key limits: a calendar-minute rate limit and a monthly quota that resets at 00:00 UTC on the 1st. */
import type { KeySpec, KeyUsageView, Tier } from './types.ts';

export interface Allowance {
  ratePerMinute: number;
  monthlyQuota: number;
}

/** The contract's tier table; Partner is "custom" there, so these numbers are the simulator's choice. */
export const TIER_LIMITS: Record<Tier, Allowance> = {
  starter: { ratePerMinute: 60, monthlyQuota: 10_000 },
  pro: { ratePerMinute: 300, monthlyQuota: 100_000 },
  enterprise: { ratePerMinute: 1_200, monthlyQuota: 1_000_000 },
  partner: { ratePerMinute: 600, monthlyQuota: 50_000 },
};

export function allowanceOf(spec: KeySpec): Allowance {
  const tier = TIER_LIMITS[spec.tier];
  return { ratePerMinute: spec.ratePerMinute ?? tier.ratePerMinute, monthlyQuota: spec.monthlyQuota ?? tier.monthlyQuota };
}

export const minuteBucket = (ms: number): number => Math.floor(ms / 60_000);

/** Start of the next UTC month, in Unix ms. */
export function monthlyResetMs(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

const monthOf = (ms: number): number => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
};

/** Whole seconds from `now` until `ms`, at least 1 so a client never retries at once. */
export const secondsUntil = (ms: number, now: number): number => Math.max(1, Math.ceil((ms - now) / 1000));

/** Minute buckets older than this are forgotten, so a long demo run stays small. */
const KEEP_MINUTES = 60;

class KeyCounters {
  readonly minuteCounts = new Map<number, number>();
  month = Number.NaN;
  monthCount = 0;

  monthUsed(now: number): number {
    return monthOf(now) === this.month ? this.monthCount : 0;
  }

  record(now: number): void {
    const bucket = minuteBucket(now);
    this.minuteCounts.set(bucket, (this.minuteCounts.get(bucket) ?? 0) + 1);
    for (const old of this.minuteCounts.keys()) if (old < bucket - KEEP_MINUTES) this.minuteCounts.delete(old);
    const month = monthOf(now);
    if (month !== this.month) [this.month, this.monthCount] = [month, 0];
    this.monthCount++;
  }
}

export type Verdict = { ok: true } | { ok: false; code: 'rate_limited' | 'quota_exceeded'; retryAfter: number };

export class UsageCounters {
  readonly #byKey = new Map<string, KeyCounters>();

  #counters(key: string): KeyCounters {
    let counters = this.#byKey.get(key);
    if (!counters) this.#byKey.set(key, (counters = new KeyCounters()));
    return counters;
  }

  /** The quota is checked first: when it is used up, waiting a minute does not help. */
  verdict(key: string, allowance: Allowance, now: number): Verdict {
    const counters = this.#counters(key);
    if (counters.monthUsed(now) >= allowance.monthlyQuota) {
      return { ok: false, code: 'quota_exceeded', retryAfter: secondsUntil(monthlyResetMs(now), now) };
    }
    if ((counters.minuteCounts.get(minuteBucket(now)) ?? 0) >= allowance.ratePerMinute) {
      return { ok: false, code: 'rate_limited', retryAfter: secondsUntil((minuteBucket(now) + 1) * 60_000, now) };
    }
    return { ok: true };
  }

  record(key: string, now: number): void {
    this.#counters(key).record(now);
  }

  /** The X-RateLimit-* and X-Quota-* headers as of `now`, after any request already recorded. */
  headers(key: string, allowance: Allowance, now: number): Record<string, string> {
    const counters = this.#counters(key);
    const inMinute = counters.minuteCounts.get(minuteBucket(now)) ?? 0;
    return {
      'x-ratelimit-limit': String(allowance.ratePerMinute),
      'x-ratelimit-remaining': String(Math.max(0, allowance.ratePerMinute - inMinute)),
      'x-ratelimit-reset': String((minuteBucket(now) + 1) * 60),
      'x-quota-limit': String(allowance.monthlyQuota),
      'x-quota-remaining': String(Math.max(0, allowance.monthlyQuota - counters.monthUsed(now))),
      'x-quota-reset': String(monthlyResetMs(now) / 1000),
    };
  }

  /** A copy, so a test cannot change the counters by accident. */
  view(key: string, now: number): KeyUsageView {
    const counters = this.#byKey.get(key);
    return { minuteCounts: new Map(counters?.minuteCounts), monthUsed: counters?.monthUsed(now) ?? 0 };
  }
}
