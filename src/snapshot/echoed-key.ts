/** What holds the API key is refused: an export, whole or any string of it after JSON decoding, and each detail. */
import { MirrorError } from '../core/errors.ts';
import type { ValidationWarning } from '../api/validate.ts';
import type { ModelDetailRecord } from '../store/current-rows.ts';
import { containsSecret } from '../core/redact.ts';

/** The refusal of an export that holds the key: an echo of the Authorization header must never be stored or published. */
export const echoedKey = (what: string) =>
  new MirrorError('invalid', `${what} contains the API key or a long part of it (not shown); refusing to store or publish it`, {
    hint: 'something between here and the API (a proxy, a debug page) echoes the Authorization header; fix that, then rotate the key',
  });

/**
 * Whether any string (or object key) in `value` holds a secret, after JSON decoding: catches a key
 * hidden behind `\u` escapes. JSON.stringify leaves a key's characters as they are, and one search
 * over its output is far faster than one per string.
 */
export function holdsSecret(value: unknown, secrets: readonly string[]): boolean {
  return secrets.length > 0 && containsSecret(JSON.stringify(value) ?? '', secrets);
}

/** Drops (with a warning) any detail that holds a secret; the export itself was checked already. */
export function dropEchoedDetails(details: Map<string, ModelDetailRecord>, secrets: readonly string[], warnings: ValidationWarning[]): void {
  if (secrets.length === 0) return;
  for (const [slug, detail] of details) {
    if (!holdsSecret(detail.scores, secrets)) continue;
    details.delete(slug);
    warnings.push({ path: `details[${JSON.stringify(slug)}]`, problem: 'contains the API key or a long part of it (not shown); detail dropped' });
  }
}
