/**
 * Per-configuration detail (`scores`) from `/v1/models/{slug}`, which the export leaves out: a
 * rolling crawl. Stored details stay until their configuration leaves the export; each run spends
 * its allowance (details-plan.ts) on the most useful refreshes first, paced under the per-minute limit.
 */
import type { ApiClient, ApiResponse } from '../api/client.ts';
import { MirrorError } from '../core/errors.ts';
import { byRanking } from '../api/ranking.ts';
import type { ModelSummary } from '../api/schema.ts';
import { validateDetail, type ValidationWarning } from '../api/validate.ts';
import type { ModelDetailRecord } from '../store/current-rows.ts';
import type { Deadline } from '../core/deadline.ts';
import { formatDuration, type Reporter } from '../core/reporter.ts';
import {
  checkpointDue,
  DEFAULT_CHECKPOINT,
  describeNextCheckpoint,
  readQuota,
  refreshOrder,
  runAllowance,
  type Allowance,
  type CheckpointPolicy,
  type RefreshReason,
  type StoredDetailState,
} from './details-plan.ts';

export interface DetailsPlan {
  /** The top N configurations by the ranking order, or all of them. */
  count: number | 'all';
  /** Never spend more than this share of the monthly quota (0-1), spread over the days left in it. */
  quotaShare: number;
  /** Never send more than this many detail requests in one run; undefined derives it from the per-minute limit. */
  budget: number | undefined;
  /** When the crawl stores what it gathered so far (DEFAULT_CHECKPOINT when undefined). */
  checkpoint?: CheckpointPolicy | undefined;
}

export interface DetailsResult {
  /** Details fetched in this run (the writer carries the stored ones over). */
  details: Map<string, ModelDetailRecord>;
  fetched: number;
  /** Fetched per reason: no detail yet, benchCount changed, oldest. */
  fetchedFor: Record<RefreshReason, number>;
  /** Stored details not asked for again in this run. */
  reused: number;
  hidden: number;
  requests: number;
  /** Refreshes left for later runs. */
  waiting: number;
  allowance: Allowance;
  /** Why the run stopped on a failure before its allowance was spent, if it did. */
  stoppedBecause: string | undefined;
  warnings: ValidationWarning[];
}

export interface DetailsContext {
  client: ApiClient;
  reporter: Reporter;
  /** slug -> the stored detail: when it was fetched, and the summary's benchCount then. */
  stored: ReadonlyMap<string, StoredDetailState>;
  /** Headers of the export answer: quota and rate limit after it. */
  quotaHeaders: Record<string, string>;
  /** The previous snapshot's ledger of the mirror's requests in the quota period. */
  ledger?: { periodReset: number | null; periodRequests: number } | null | undefined;
  /** When the previous snapshot was taken. */
  previousRunAt?: number | undefined;
  /** Requests this run already sent before the details. */
  spentThisRun?: number | undefined;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The crawl's deadline: a wait for the rate limit that would pass it is not begun (the crawl ends there instead). */
  deadline?: Pick<Deadline, 'remainingMs' | 'setting' | 'ms'> | undefined;
  /** Stores the details gathered so far (`result.details`, `result.warnings`, `result.requests`), when the plan's checkpoint is due. */
  checkpoint?: ((result: DetailsResult) => void) | undefined;
}

const header = (headers: Record<string, string>, name: string): number | undefined => {
  const raw = headers[name];
  const n = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(n) ? n : undefined;
};

/** The configurations the crawl may refresh (the plan's top N, or all) and the requests this run may send. */
function crawlScope(models: readonly ModelSummary[], plan: DetailsPlan, ctx: DetailsContext) {
  const targets = plan.count === 'all' ? models : [...models].sort(byRanking).slice(0, plan.count);
  const quota = readQuota(ctx.quotaHeaders);
  if (quota.limit === undefined && quota.remaining === undefined) {
    ctx.reporter.warn('the export answer carried no X-Quota-Limit or X-Quota-Remaining; the details are bounded by the request budget alone');
  }
  const allowance = runAllowance({
    share: plan.quotaShare,
    budget: plan.budget,
    quota,
    now: ctx.now(),
    ledger: ctx.ledger,
    previousRunAt: ctx.previousRunAt,
    spentThisRun: ctx.spentThisRun ?? 0,
  });
  return { targets, bySlug: new Map(targets.map((m) => [m.slug, m])), allowance };
}

/** The crawl's checkpoints: what was gathered is stored when the plan's policy says it is due; a store just before a wait for the rate limit costs the crawl nothing. */
function checkpoints(policy: CheckpointPolicy, ctx: DetailsContext, result: DetailsResult) {
  let stored = { fetched: 0, at: ctx.now(), costMs: 0 };
  const state = (waiting: boolean) => ({ details: result.fetched - stored.fetched, sinceMs: ctx.now() - stored.at, lastCostMs: stored.costMs, waiting });
  return {
    state,
    maybe(waiting: boolean) {
      if (!ctx.checkpoint || !checkpointDue(policy, state(waiting))) return;
      const started = ctx.now();
      ctx.checkpoint(result);
      stored = { fetched: result.fetched, at: ctx.now(), costMs: ctx.now() - started };
    },
  };
}

/**
 * One configuration's detail, kept in `result`: the answer's headers, which pace the crawl; `hidden`
 * for a configuration hidden since the export (a skip, not a failure); `stop` when the API failed, with
 * what stopped the crawl in `result` (the export is already in hand: it and the details gathered stay).
 */
async function fetchOne(
  model: ModelSummary,
  reason: RefreshReason,
  ctx: DetailsContext,
  result: DetailsResult,
): Promise<Record<string, string> | 'hidden' | 'stop'> {
  let res: ApiResponse;
  try {
    res = await ctx.client.get(`/v1/models/${encodeURIComponent(model.slug)}`);
  } catch (err) {
    if (err instanceof MirrorError && err.status === 404) {
      result.hidden++;
      return 'hidden';
    }
    result.stoppedBecause = err instanceof MirrorError ? err.toLine() : String(err);
    return 'stop';
  }
  try {
    const detail = validateDetail(JSON.parse(res.body.toString('utf8')), model.slug);
    result.warnings.push(...detail.warnings);
    result.details.set(model.slug, { updatedAt: model.updatedAt, fetchedAt: ctx.now(), benchCount: model.benchCount, scores: detail.scores });
    result.fetched++;
    result.fetchedFor[reason]++;
  } catch (err) {
    const problem = err instanceof MirrorError ? err.message : 'the body is not JSON';
    result.warnings.push({ path: `details[${JSON.stringify(model.slug)}]`, problem: `${problem}; detail skipped` });
  }
  return res.headers;
}

export async function fetchDetails(models: readonly ModelSummary[], plan: DetailsPlan, ctx: DetailsContext): Promise<DetailsResult> {
  const { targets, bySlug, allowance } = crawlScope(models, plan, ctx);
  const order = refreshOrder(targets, ctx.stored, ctx.now());
  const result: DetailsResult = {
    details: new Map(),
    fetched: 0,
    fetchedFor: { missing: 0, 'bench-count': 0, oldest: 0 },
    reused: 0,
    hidden: 0,
    requests: 0,
    waiting: 0,
    allowance,
    stoppedBecause: undefined,
    warnings: [],
  };
  let pace: Record<string, string> = ctx.quotaHeaders;
  let done = 0;
  const policy = plan.checkpoint ?? DEFAULT_CHECKPOINT;
  const checkpoint = checkpoints(policy, ctx, result);
  const planned = Math.min(order.length, allowance.requests);
  /** The crawl's line: requests sent of this run's allowance, the quota the last answer says is left, the next checkpoint. */
  const report = (phase?: string) => {
    const left = readQuota(pace).remaining;
    const detail = [
      left === undefined ? undefined : `quota left ${left.toLocaleString('en-US')}`,
      ctx.checkpoint ? describeNextCheckpoint(policy, checkpoint.state(false)) : undefined,
    ].filter(Boolean);
    ctx.reporter.progress('details', { done: result.requests, total: planned, unit: 'requests', phase, detail: detail.join(', ') || undefined });
  };
  report();

  for (const item of order) {
    if (result.requests >= allowance.requests) break;
    const limited = rateLimitWaitMs(pace, ctx.now());
    if (limited > 0 && ctx.deadline && limited >= ctx.deadline.remainingMs()) {
      // As the API client does for a retry: a wait that would end past the deadline is not begun, and no request follows it.
      result.stoppedBecause = `no request after the rate limit's wait (${formatDuration(limited)}): it would pass the deadline ${ctx.deadline.setting}=${ctx.deadline.ms} ms`;
      break;
    }
    if (limited > 0) checkpoint.maybe(true);
    // Measured again: the checkpoint's own time comes off the wait.
    const waitMs = limited > 0 ? rateLimitWaitMs(pace, ctx.now()) : 0;
    if (waitMs > 0) {
      report('waiting for the next minute of the rate limit');
      await ctx.sleep(waitMs);
    }
    result.requests++;
    done++;
    const answer = await fetchOne(bySlug.get(item.slug)!, item.reason, ctx, result);
    if (answer === 'stop') {
      done--;
      break;
    }
    if (answer !== 'hidden') {
      pace = answer;
      checkpoint.maybe(false);
    }
    report();
  }
  result.waiting = order.length - done;
  result.reused = [...ctx.stored.keys()].filter((slug) => bySlug.has(slug) && !result.details.has(slug)).length;
  return result;
}

/** When the current minute's requests are used up, how long until the next bucket (`X-RateLimit-Reset`); 0 otherwise. */
function rateLimitWaitMs(headers: Record<string, string>, now: number): number {
  const remaining = header(headers, 'x-ratelimit-remaining');
  const reset = header(headers, 'x-ratelimit-reset');
  if (remaining === undefined || remaining > 0 || reset === undefined) return 0;
  return Math.min(65_000, Math.max(0, reset * 1000 - now) + 50);
}
