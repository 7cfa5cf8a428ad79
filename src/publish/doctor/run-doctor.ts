/**
 * `npm run doctor`: everything a deploy needs, checked in one run, in the order a maintainer sets it
 * up: the key and the API's address (with `--online`, the one request that says whether the API
 * takes the key), the attribution, SITE_URL and STATE_URL with what they publish and what the
 * history rule makes of it, the snapshot file, the site folder and the deploy target with what the
 * build's plan makes of the snapshot. Node and the packages are checked before any of this loads
 * (installed.ts). Nothing is written; the only network it asks is the published manifests (without
 * a key) and, with `--online`, the API once.
 */
import { resolve } from 'node:path';
import type { Env } from '../../core/env.ts';
import { inspectSnapshot } from '../../store/read-snapshot.ts';
import { historyFiguresOf } from '../../store/published-history.ts';
import { previousManifest } from '../history-guard.ts';
import { resolveOutputDir } from '../output-dir.ts';
import { askApi, checkApiUrl, checkKey, ONLINE_PATH } from './api-checks.ts';
import type { DoctorContext } from './context.ts';
import { checkDist, checkSnapshot, checkTarget } from './local-checks.ts';
import { checkAttribution, checkSiteUrl, checkStateUrl } from './site-checks.ts';
import { skip, type Verdict } from './verdict.ts';

export interface DoctorOptions {
  /** The settings as the snapshot step reads them (the environment over `.env`), and as the build reads them (the environment). */
  env: Env;
  siteEnv: Env;
  snapshot: string;
  dist: string;
  /** `--target`, over DEPLOY_TARGET. */
  target?: string | undefined;
  /** `--online`: ask the API once. */
  online: boolean;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

/** The site folder as a run would resolve it; undefined when a run would refuse it (checkDist says why). */
function resolvedDist(dist: string, snapshot: string): string | undefined {
  try {
    return resolveOutputDir(dist, { flag: '--dist', snapshot });
  } catch {
    return undefined;
  }
}

export async function runDoctor(options: DoctorOptions): Promise<Verdict[]> {
  const { snapshot, dist } = options;
  const target = resolvedDist(dist, snapshot);
  const ctx: DoctorContext = {
    env: options.env,
    siteEnv: options.siteEnv,
    snapshot,
    dist: dist.replace(/\/+$/, '') || resolve(dist),
    target,
    local: inspectSnapshot(snapshot).state === 'ok' ? historyFiguresOf(snapshot) : undefined,
    previous: target ? previousManifest(target, dist) : undefined,
    sleep: options.sleep,
  };
  const api = options.online
    ? await askApi(ctx.env)
    : { verdict: skip('API', `not asked: --online asks it once (GET ${ONLINE_PATH}, one request of the key's monthly quota)`), accepted: false };
  return [
    checkKey(ctx.env, api.accepted),
    checkApiUrl(ctx.env),
    api.verdict,
    checkAttribution(ctx),
    await checkSiteUrl(ctx),
    await checkStateUrl(ctx),
    checkSnapshot(ctx),
    checkDist(ctx),
    await checkTarget(ctx, options.target),
  ];
}
