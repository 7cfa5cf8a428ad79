/**
 * Settings from the environment and a git-ignored `.env`, read the same way by every command:
 * the environment wins, and a bad value is a usage error naming the variable.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { MirrorError } from './errors.ts';

export type Env = Record<string, string | undefined>;

/** The process environment over the values of `.env` (the environment wins, as with dotenv). */
export function loadEnv(envFile = '.env', env: Env = process.env): Env {
  if (!existsSync(envFile)) return { ...env };
  const fromFile = parseEnv(readFileSync(envFile, 'utf8'));
  return { ...fromFile, ...env };
}

export function positiveNumber(env: Env, name: string, fallback: number, { integer = true, max = Infinity, maxReason = '' } = {}): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) {
    throw new MirrorError('usage', `${name} must be a non-negative ${integer ? 'integer' : 'number'}, got ${JSON.stringify(raw.slice(0, 40))}`);
  }
  if (n > max) throw new MirrorError('usage', `${name} must be at most ${max}${maxReason ? ` (${maxReason})` : ''}, got ${raw.slice(0, 40)}`);
  return n;
}

/** Snapshots of history kept in the file (about a year of daily changes by default). */
export function readHistoryLimit(env: Env): number {
  return Math.max(1, positiveNumber(env, 'SNAPSHOT_HISTORY_LIMIT', 365));
}
