/** Bearer authentication against the configured keys, and the public demo keys. */
import { createHash } from 'node:crypto';
import type { KeySpec, Tier } from './types.ts';

export const TIERS: readonly Tier[] = ['starter', 'pro', 'enterprise', 'partner'];

/** A deterministic, public test key for a tier, in the live-key shape: `demo_live_` + 64 lowercase hex. */
export function demoKey(tier: Tier): string {
  return `demo_live_${createHash('sha256').update(`ranking-mirror simulator demo key: ${tier}`).digest('hex')}`;
}

export type AuthResult =
  { ok: true; key: string; spec: KeySpec } | { ok: false; key: string | undefined; code: 'invalid_key' | 'key_revoked'; message: string };

/** The auth scheme is case-insensitive (RFC 9110); the token is one run of non-space characters. */
const BEARER = /^Bearer +(\S+) *$/i;

export function authenticate(authorization: string | undefined, keys: Record<string, KeySpec>): AuthResult {
  if (authorization === undefined) {
    return { ok: false, key: undefined, code: 'invalid_key', message: 'Missing Authorization header.' };
  }
  const key = BEARER.exec(authorization)?.[1];
  if (key === undefined) {
    return { ok: false, key: undefined, code: 'invalid_key', message: 'Malformed Authorization header; expected "Bearer <API_KEY>".' };
  }
  // Own properties only, so a key named like `__proto__` or `toString` is just unknown.
  const spec = Object.hasOwn(keys, key) ? keys[key] : undefined;
  if (spec === undefined) return { ok: false, key, code: 'invalid_key', message: 'Unknown API key.' };
  if (spec.revoked) return { ok: false, key, code: 'key_revoked', message: 'This API key has been revoked.' };
  return { ok: true, key, spec };
}
