/**
 * What the soak's days share: the simulated clock, the state carried from day to day, the world a day
 * runs in, the soak's Partner account, and a day's record.
 */
import type { KeySpec, Simulator } from '../simulator/index.ts';
import type { Field } from './field.ts';
import type { Host } from './host.ts';
import type { Ledger } from './ledger.ts';
import type { Runner } from './runner.ts';
import type { Workflow } from './workflow.ts';

/** The simulated clock: the API's and, through MIRROR_CLOCK, each command's; it runs at the wall clock's pace from where it was set. */
export class SoakClock {
  #at = 0;
  #since = 0;
  set(at: number): void {
    this.#at = at;
    this.#since = performance.now();
  }
  now = (): number => this.#at + Math.round(performance.now() - this.#since);
}

/** What carries from day to day. */
export interface SoakState {
  key: string;
  keys: Record<string, KeySpec>;
  /** Every key used: none of them may appear anywhere. */
  allKeys: string[];
  rotations: number;
  /** The key was refused yesterday: the maintainer rotates it this morning. */
  rotateKey: boolean;
  /** The quota stays used up until this instant (the monthly reset). */
  quotaUntil: number | undefined;
  /** An eviction that waits while the published state is damaged, and a damage that waits while there is no cache. */
  evictionPending: boolean;
  damagePending: boolean;
  /** The published state's part the soak damaged, until a state job publishes a new manifest. */
  damagedPart: string | undefined;
  /** generatedAt of the newest site ever deployed. */
  lastDeployed: number | undefined;
  /** A real Astro render is due at the next build. */
  realRenderDue: boolean;
}

export interface SoakContext {
  root: string;
  work: string;
  field: Field;
  ledger: Ledger;
  sim: Simulator;
  host: Host;
  runner: Runner;
  workflow: Workflow;
  clock: SoakClock;
  bin: string;
  state: SoakState;
  /** Test-only (MIRROR_TEST_BREAK): a step the product breaks on purpose. */
  breakStep: string | undefined;
  stubOnly: boolean;
  seed: number;
}

export interface DayRecord {
  day: number;
  date: string;
  faults: string[];
  /** The faults that acted on the run. */
  hit: string[];
  served: 'new export' | 'same export';
  ran: boolean;
  doctor?: string;
  refresh?: string;
  expected?: number;
  fallback?: 'success' | 'failure';
  job?: 'success' | 'failure' | 'cancelled';
  stateJob?: 'success' | 'failure';
  deployed: boolean;
  /** The site the host serves after the day, by its snapshot's generatedAt. */
  siteAt: string | undefined;
  /** The published state is damaged (by the soak) after the day. */
  stateDamaged: boolean;
  render?: 'real' | 'stub';
  person?: string;
  notes: string[];
  checks: Check[];
  /** Wall-clock times and the CPU time of each step (its processes together), kept out of the compared report. */
  ms: { day: number; render?: number; cpu: Record<string, number> };
}

/** The key of the soak's Partner account: the live-key shape, from the seed and the rotation. */
export function soakKey(seed: number, rotation: number): string {
  let hex = '';
  for (let i = 0; hex.length < 64; i++) hex += ((seed * 2_654_435_761 + rotation * 40_503 + i * 97) >>> 0).toString(16).padStart(8, '0');
  return `soak_live_${hex.slice(0, 64)}`;
}

/** The Partner key's limits: a small monthly quota, so the details crawl spends about two requests a day. */
export const KEY_SPEC: KeySpec = { tier: 'partner', monthlyQuota: 600, ratePerMinute: 300 };

/** A check after a run, and the first line of what went wrong when it did not hold. */
export interface Check {
  name: string;
  failure?: string;
}
