/**
 * The doctor's checks of the site's settings, read as the build reads them (the process environment
 * only): the attribution, SITE_URL and STATE_URL. For each address, what is published there (no
 * manifest, the sample, or a history of N days), read without a key as the restore and the build's
 * history check read it, and what the next run would do with it by the history rule
 * (src/store/published-history.ts): restore it, be held to it and keep it, or refuse to publish a
 * shorter history over it.
 */
import { folderUrlOf } from '../../core/folder-url.ts';
import { MirrorError } from '../../core/errors.ts';
import { PublishedStateSchema } from '../../store/published-state.ts';
import { historyFiguresOfManifest } from '../../store/published-history.ts';
import { READABLE_VERSIONS } from '../../store/schema.ts';
import { readSiteSettings, stateUrlOf } from '../../site/settings/config.ts';
import { DEFAULT_SITE_URL, httpUrl } from '../../site/links/site-url.ts';
import { judgeHistory, readLiveManifest, type Published } from '../history-guard.ts';
import { describeHistory, type DoctorContext } from './context.ts';
import { fail, ok, warn, type Verdict } from './verdict.ts';

/** A site setting the environment lacks but `.env` holds: the build never sees it. */
const onlyInEnvFile = (name: string, ctx: DoctorContext) => !ctx.siteEnv[name]?.trim() && Boolean(ctx.env[name]?.trim());
const IN_ENV_FILE = 'set only in .env, which the build does not read';

export function checkAttribution(ctx: DoctorContext): Verdict {
  const name = 'attribution';
  const { attributionName, attributionUrl } = readSiteSettings(ctx.siteEnv);
  const rawUrl = ctx.siteEnv.ATTRIBUTION_URL?.trim();
  const says = `"${attributionName}" → ${attributionUrl}`;
  if (rawUrl && !httpUrl(rawUrl))
    return warn(name, `${says}: ATTRIBUTION_URL is not an http(s) address, so the footer links there instead`, 'set ATTRIBUTION_URL to an https address');
  if (!rawUrl && !httpUrl(ctx.siteEnv.RANKING_API_URL)) {
    const why = onlyInEnvFile('RANKING_API_URL', ctx)
      ? 'RANKING_API_URL is in .env only, which the build does not read'
      : 'neither ATTRIBUTION_URL nor RANKING_API_URL is set';
    return warn(name, `${says}, a placeholder: ${why}`, 'set ATTRIBUTION_URL (or RANKING_API_URL) in the environment');
  }
  const defaults = [
    rawUrl ? undefined : "the API's origin, ATTRIBUTION_URL being unset",
    ctx.siteEnv.ATTRIBUTION_NAME?.trim() ? undefined : 'the default name, ATTRIBUTION_NAME being unset',
  ].filter(Boolean);
  return ok(name, `${says}${defaults.length ? ` (${defaults.join('; ')})` : ''}`);
}

/** What a manifest says is published: nothing, a site without a snapshot file, the sample, or a history. */
function describePublished(published: Published, asked: string): string {
  if (!published) return `nothing published at ${asked}`;
  const figures = historyFiguresOfManifest(published.manifest);
  if (!figures) return `${published.where} lists no snapshot file with its history`;
  if (figures.sample) return `${published.where} publishes the fictional sample`;
  const state = PublishedStateSchema.safeParse((published.manifest as { snapshotDb?: unknown }).snapshotDb);
  return `${published.where} publishes ${describeHistory(figures, state.success ? Date.parse(state.data.generatedAt) : undefined)}`;
}

/** With no snapshot at hand, the next refresh restores the published one: whether it can take it, as far as its manifest tells. */
function restoreVerdict(name: string, what: string, published: Published, ctx: DoctorContext): Verdict {
  const figures = published && historyFiguresOfManifest(published.manifest);
  if (!published || !figures || figures.sample) return ok(name, `${what}; with no snapshot at ${ctx.snapshot}, the next refresh starts a new history`);
  const state = PublishedStateSchema.safeParse((published.manifest as { snapshotDb?: unknown }).snapshotDb);
  const redo = 'publish the state again from a good snapshot (npm run build); only to drop the published history, refresh with --new-history';
  if (!state.success)
    return fail(name, 'internal', `${what}, described in a shape this tool does not read (a newer mirror?): the restore would end the run`, redo);
  if (!READABLE_VERSIONS.includes(state.data.storeVersion)) {
    return fail(
      name,
      'internal',
      `${what}, of store version ${state.data.storeVersion}; this tool reads ${READABLE_VERSIONS.join(', ')}: the restore would end the run`,
      'update the checkout; only to drop the published history, refresh with --new-history',
    );
  }
  return ok(name, `${what}; with no snapshot at ${ctx.snapshot}, the next refresh restores it before fetching`);
}

/**
 * What is published in `folder` and what the next run does with it: `source` says whether the
 * restore and the build's history check read this address (STATE_URL when set, else SITE_URL).
 */
async function judgePublished(name: string, folder: URL, source: boolean, ctx: DoctorContext): Promise<Verdict> {
  const asked = new URL('manifest.json', folder).href;
  let published: Published;
  let why = '';
  try {
    published = await readLiveManifest(folder, ctx.env, `read the manifest at ${name}`, ctx.sleep, (said) => (why = said));
  } catch (err) {
    if (!(err instanceof MirrorError)) throw err;
    return warn(name, `${asked} cannot be read: ${err.message}`, 'a run that needs it ends with exit 5 or 7, and the next one tries again');
  }
  const what = describePublished(published, `${asked}${why ? ` (${why})` : ''}`);
  if (!source) return ok(name, `${what}; the restore and the build's history check read STATE_URL's instead`);
  if (!ctx.local) return restoreVerdict(name, what, published, ctx);
  if (ctx.previous) return ok(name, `${what}; the next build is held to ${ctx.previous.where} instead (site folder, below)`);
  const judged = judgeHistory(ctx.snapshot, published);
  if (judged.refused) return fail(name, 'internal', `${what}; the next build would refuse ${ctx.snapshot}: ${judged.why}`, judged.error.hint);
  const figures = published && historyFiguresOfManifest(published.manifest);
  if (!figures || figures.sample) return ok(name, `${what}; the next build is held to no history`);
  return ok(name, `${what}; the next build keeps it: ${ctx.snapshot} holds ${ctx.local.snapshots.toLocaleString('en-US')}, no shorter a history`);
}

export async function checkSiteUrl(ctx: DoctorContext): Promise<Verdict> {
  const name = 'SITE_URL';
  const raw = ctx.siteEnv.SITE_URL?.trim();
  const todo = "set SITE_URL to the mirror's public address (the workflow falls back to the GitHub Pages address)";
  if (!raw) {
    return fail(
      name,
      'usage',
      onlyInEnvFile(name, ctx) ? IN_ENV_FILE : `not set: canonical links, the sitemap and the feeds would point to ${DEFAULT_SITE_URL}`,
      todo,
    );
  }
  const site = httpUrl(raw);
  if (!site) return fail(name, 'usage', `${JSON.stringify(raw.slice(0, 80))} is not an http(s) address`, todo);
  const folder = folderUrlOf(raw);
  if ('wrong' in folder) {
    return warn(
      name,
      `${site.href}: plain http off this machine (or credentials), which the restore and the build's history check never read`,
      'serve the mirror over https',
    );
  }
  return judgePublished(name, new URL('data/', folder.url), !stateUrlOf(ctx.siteEnv.STATE_URL).url, ctx);
}

export async function checkStateUrl(ctx: DoctorContext): Promise<Verdict> {
  const name = 'STATE_URL';
  const raw = ctx.siteEnv.STATE_URL?.trim();
  if (!raw) {
    if (onlyInEnvFile(name, ctx)) return fail(name, 'usage', IN_ENV_FILE, 'set STATE_URL in the environment, or remove it from .env');
    return ok(name, 'not set: the snapshot file is published in the site, under /data/');
  }
  const state = stateUrlOf(raw);
  if (!state.url) {
    return fail(
      name,
      'usage',
      `${JSON.stringify(raw.slice(0, 80))} is not an https address (plain http only on loopback, no credentials): the build would publish the snapshot file under /data/ instead`,
      'set STATE_URL to the https folder the deploy uploads the state to, or unset it',
    );
  }
  return judgePublished(name, state.url, true, ctx);
}
