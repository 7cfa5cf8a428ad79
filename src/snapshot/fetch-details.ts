/**
 * Per-configuration detail (`scores`) from `/v1/models/{slug}`, which the export leaves out. Every
 * request costs quota, so this spends at most a share of what is left, reuses stored details whose
 * configuration did not change, and paces itself under the per-minute limit.
 */
import type { ApiClient, ApiResponse } from '../api/client.ts';
import { MirrorError } from '../api/errors.ts';
import { byRanking } from '../api/ranking.ts';
import type { ModelSummary } from '../api/schema.ts';
import { validateDetail, type ValidationWarning } from '../api/validate.ts';
import type { ModelDetailRecord } from '../store/write-snapshot.ts';
import type { Reporter } from '../cli/reporter.ts';

export interface DetailsPlan {
  /** The top N configurations by supraScore, or all of them. */
  count: number | 'all';
  /** Never spend more than this share of `X-Quota-Remaining` (0-1). */
  quotaShare: number;
  /** Never send more than this many requests. */
  budget: number;
}

export interface DetailsResult {
  details: Map<string, ModelDetailRecord>;
  fetched: number;
  reused: number;
  hidden: number;
  requests: number;
  /** Why the run stopped before covering every target, if it did. */
  stoppedBecause: string | undefined;
  warnings: ValidationWarning[];
}

export interface DetailsContext {
  client: ApiClient;
  reporter: Reporter;
  /** slug -> summary `updatedAt` of the detail already stored. */
  stored: ReadonlyMap<string, number>;
  /** Headers of the export answer: the quota left after it. */
  quotaHeaders: Record<string, string>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const header = (headers: Record<string, string>, name: string): number | undefined => {
  const raw = headers[name];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

/** Requests this run may send: the budget, and the quota share of what the API says is left. */
export function allowedRequests(plan: DetailsPlan, quotaRemaining: number | undefined): number {
  const byQuota = quotaRemaining === undefined ? Infinity : Math.floor(quotaRemaining * plan.quotaShare);
  return Math.max(0, Math.min(plan.budget, byQuota));
}

export async function fetchDetails(models: readonly ModelSummary[], plan: DetailsPlan, ctx: DetailsContext): Promise<DetailsResult> {
  const ranked = [...models].sort(byRanking);
  const targets = plan.count === 'all' ? ranked : ranked.slice(0, plan.count);
  const quotaRemaining = header(ctx.quotaHeaders, 'x-quota-remaining');
  if (quotaRemaining === undefined) ctx.reporter.warn('the export answer carried no X-Quota-Remaining; the details are bounded by the request budget alone');
  const allowed = allowedRequests(plan, quotaRemaining);

  const result: DetailsResult = { details: new Map(), fetched: 0, reused: 0, hidden: 0, requests: 0, stoppedBecause: undefined, warnings: [] };
  let pace: Record<string, string> = ctx.quotaHeaders;

  for (const model of targets) {
    if (ctx.stored.get(model.slug) === model.updatedAt) {
      result.reused++;
      continue;
    }
    if (result.requests >= allowed) {
      result.stoppedBecause =
        allowed === plan.budget
          ? `the request budget of ${plan.budget} is spent`
          : `${Math.round(plan.quotaShare * 100)}% of the ${quotaRemaining} requests left in the monthly quota is spent`;
      break;
    }
    await waitForRateLimit(pace, ctx);
    result.requests++;
    let res: ApiResponse;
    try {
      res = await ctx.client.get(`/v1/models/${encodeURIComponent(model.slug)}`);
    } catch (err) {
      if (err instanceof MirrorError && err.status === 404) {
        result.hidden++; // hidden since the export: a skip, not a failure
        continue;
      }
      // The export is already in hand: keep it, and the details gathered so far.
      result.stoppedBecause = err instanceof MirrorError ? err.toLine() : String(err);
      break;
    }
    pace = res.headers;
    try {
      const detail = validateDetail(JSON.parse(res.body.toString('utf8')), model.slug);
      result.warnings.push(...detail.warnings);
      result.details.set(model.slug, { updatedAt: model.updatedAt, fetchedAt: ctx.now(), scores: detail.scores });
      result.fetched++;
    } catch (err) {
      const problem = err instanceof MirrorError ? err.message : 'the body is not JSON';
      result.warnings.push({ path: `details[${JSON.stringify(model.slug)}]`, problem: `${problem}; detail skipped` });
    }
    ctx.reporter.progress('details', result.fetched + result.reused, targets.length);
  }
  return result;
}

/** When the current minute's requests are used up, waits for the next bucket (`X-RateLimit-Reset`). */
async function waitForRateLimit(headers: Record<string, string>, ctx: DetailsContext): Promise<void> {
  const remaining = header(headers, 'x-ratelimit-remaining');
  const reset = header(headers, 'x-ratelimit-reset');
  if (remaining === undefined || remaining > 0 || reset === undefined) return;
  const waitMs = Math.min(65_000, Math.max(0, reset * 1000 - ctx.now()) + 50);
  if (waitMs > 0) await ctx.sleep(waitMs);
}
