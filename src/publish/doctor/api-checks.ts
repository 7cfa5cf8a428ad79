/**
 * The doctor's checks of the API's settings, read as the snapshot step reads them (the environment
 * over `.env`, src/api/settings.ts): the key's presence and shape (never its value), the address,
 * and with `--online` the one request that says whether the API takes the key and what is left of
 * its quota.
 */
import { ApiClient } from '../../api/client.ts';
import { keyShapeProblem, readApiBaseUrl, readApiKey, readClientTuning } from '../../api/settings.ts';
import type { Env } from '../../core/env.ts';
import { MirrorError } from '../../core/errors.ts';
import { readQuota } from '../../snapshot/details-plan.ts';
import { fail, ok, warn, type Verdict } from './verdict.ts';

const KEY = 'RANKING_API_KEY';
const URL_NAME = 'RANKING_API_URL';
/** Where the workflow reads each setting from, for the line that says what to do. */
const WORKFLOW_SECRET = 'the Actions secret RANKING_API_KEY (locally: the environment or .env)';

/** Where a setting was found: the environment wins over `.env`. */
const whence = (name: string, env: Env) => (process.env[name]?.trim() ? 'in the environment' : env[name]?.trim() ? 'in .env' : 'nowhere');

/** The key's presence and shape; `accepted`: the API took it (`--online`), so another shape only warns. */
export function checkKey(env: Env, accepted = false): Verdict {
  let key: string;
  try {
    ({ key } = readApiKey(env));
  } catch (err) {
    const line = (err as MirrorError).message.replace(`${KEY} `, '');
    return fail(KEY, 'usage', line, line === 'is not set' ? `put the key in ${WORKFLOW_SECRET}` : 'copy the key again from the web profile');
  }
  const problem = keyShapeProblem(key);
  if (problem && accepted) {
    return warn(KEY, `set ${whence(KEY, env)}, not shaped as <prefix>_live_ + 64 hex characters (${problem}), but the API takes it (the key is not shown)`);
  }
  if (problem) {
    return fail(
      KEY,
      'usage',
      `set ${whence(KEY, env)}, but not shaped as <prefix>_live_ + 64 hex characters: ${problem} (the key is not shown)`,
      `copy the key again from the web profile into ${WORKFLOW_SECRET}; if the API issued it so, --online asks the API whether it takes it`,
    );
  }
  return ok(KEY, `set ${whence(KEY, env)}, shaped as <prefix>_live_ + 64 hex characters (the key is not shown)`);
}

export function checkApiUrl(env: Env): Verdict {
  try {
    const { baseUrl, warnings } = readApiBaseUrl(env);
    if (warnings.length) return warn(URL_NAME, `${baseUrl.href}: ${warnings[0]}`, 'set the base address without /v1');
    return ok(URL_NAME, baseUrl.href);
  } catch (err) {
    const e = err as MirrorError;
    return fail(
      URL_NAME,
      'usage',
      e.message.replace(`${URL_NAME} `, ''),
      "set the Actions variable RANKING_API_URL (locally: the environment or .env) to the API's base address, https and without /v1",
    );
  }
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The one request `--online` makes: the smallest answer the API gives, and it carries the key's quota. */
export const ONLINE_PATH = '/v1/models?limit=1';

/** Names a key's tier from its limits, where they are the published ones (api-v1.md, Limits). */
function tierOf(quotaLimit: number | undefined, ratePerMinute: number | undefined): string | undefined {
  if (quotaLimit === 10_000 && ratePerMinute === 60) return 'Starter';
  if (quotaLimit === 100_000 && ratePerMinute === 300) return 'Pro';
  if (quotaLimit === 1_000_000 && ratePerMinute === 1_200) return 'Enterprise';
  return undefined;
}

/**
 * With `--online`: one GET of ONLINE_PATH with the key, no retry and no redirect followed, so it
 * costs one request of the key's monthly quota and of its minute's rate limit, whatever happens.
 */
export async function askApi(env: Env): Promise<{ verdict: Verdict; accepted: boolean }> {
  const name = 'API';
  const said = (verdict: Verdict, accepted = false) => ({ verdict, accepted });
  let key: string;
  let baseUrl: URL;
  try {
    key = readApiKey(env).key;
    baseUrl = readApiBaseUrl(env).baseUrl;
  } catch {
    return said(warn(name, `not asked: ${KEY} or ${URL_NAME} is not usable (above)`));
  }
  const client = new ApiClient({ ...readClientTuning(env), baseUrl, key, retries: 0, maxRedirects: 0 });
  const cost = 'this check cost one request of the quota';
  try {
    const res = await client.get(ONLINE_PATH);
    const quota = readQuota(res.headers);
    const left =
      quota.remaining !== undefined
        ? `${quota.remaining.toLocaleString('en-US')}${quota.limit !== undefined ? ` of ${quota.limit.toLocaleString('en-US')}` : ''} requests left this month`
        : 'no X-Quota-Remaining in the answer';
    const rate = quota.ratePerMinute !== undefined ? `, ${quota.ratePerMinute.toLocaleString('en-US')} a minute` : '';
    const resets = quota.resetAt !== undefined ? `, resetting ${new Date(quota.resetAt).toISOString().slice(0, 10)}` : '';
    // The rows themselves are not needed; an answer that is no list is not the v1 API.
    if (!Array.isArray(parseJson(res.body)))
      return said(fail(name, 'invalid', `${ONLINE_PATH} answered 200 with something other than a list of configurations; ${cost}`, 'check RANKING_API_URL'));
    const tier = tierOf(quota.limit, quota.ratePerMinute);
    const says = `${baseUrl.origin} takes the key${tier ? ` (the limits of ${tier})` : ''}: ${left}${rate}${resets}; ${cost}`;
    if (tier === 'Starter') {
      const todo =
        'a Starter key may not use the bulk export: each run builds a partial snapshot from the list endpoints (--no-fallback makes it exit 3); a Pro or Partner key gets the whole export';
      return said(warn(name, says, todo), true);
    }
    return said(ok(name, says), true);
  } catch (err) {
    if (!(err instanceof MirrorError)) throw err;
    if (err.status !== undefined && err.status >= 300 && err.status < 400) {
      return said(warn(name, `${err.message}; ${cost}`, 'a run follows the redirect (the key only to the same origin); set RANKING_API_URL to where it leads'));
    }
    const code = err.apiCode ? ` [${err.apiCode}]` : '';
    return said(fail(name, err.kind, `${err.message}${code}; ${cost}`, err.hint));
  } finally {
    await client.close();
  }
}
