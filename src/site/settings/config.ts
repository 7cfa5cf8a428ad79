/**
 * Site-wide settings, read once from the environment at build time. The build never reads the
 * API key: only the API's address, for the default attribution link.
 */
import { folderUrlOf } from '../../core/folder-url.ts';
import { cleanText } from '../format/text.ts';
import { DEFAULT_SITE_URL, httpUrl, siteUrlOf } from '../links/site-url.ts';

export { BENCHMARKS_PAGE_SIZE, LEADERBOARD_PAGE_SIZE } from '../lists/pagination.ts';

export { METHOD_CHANGE_AT } from '../format/method-change.ts';

/** Snapshots a configuration's score-over-time chart shows (the newest ones). */
export const HISTORY_CHART_POINTS = 120;

/** Snapshots listed in the Atom feed of changes. */
export const FEED_ENTRIES = 20;

/** Recent changes kept per model: its page and its feed list them, and a tag's feed covers this many snapshots. */
export const RECENT_CHANGES_PER_MODEL = 5;

export const SITE_TITLE = 'Model Rankings Mirror';
export const SITE_DESCRIPTION =
  'A fast, static mirror of the AI-model rankings: configurations scored by supraScore, benchmarks with their quality and weight, and the capability tags.';

const DEFAULT_ATTRIBUTION_URL = 'https://ranking.example.org/';
const DEFAULT_ATTRIBUTION_NAME = 'AI Model Ranking API';
/** The models that matter most get a link-preview card of their own. */
const DEFAULT_CARD_MODELS = 200;

export interface SiteSettings {
  /** Public address of the mirror, ending with `/`. */
  siteUrl: URL;
  /** False when SITE_URL is missing or not an http(s) address, so the site uses the local default. */
  siteUrlSet: boolean;
  attributionUrl: string;
  attributionName: string;
  /** Models with a link-preview card of their own (CARD_MODELS, the top N by model rank); the others use the site's card. */
  cardModels: number;
  /** The most models with a page of their own (MODEL_PAGES, the top N by model rank), whatever the deploy target allows. */
  modelPages: number;
  /**
   * Where the published snapshot file lives when not under the site's /data/ (STATE_URL, a folder's
   * address ending with `/`): the build then writes it beside dist/ (src/publish/snapshot-download.ts)
   * for the deploy to upload there, and it takes no room of the site.
   */
  stateUrl: URL | undefined;
  /** Settings that fell back to a default, for the build to mention. */
  defaulted: string[];
}

/** STATE_URL as a folder's address: https, or http on loopback; no query, no fragment, ending with `/`. */
export function stateUrlOf(value: string | undefined): { url?: URL; invalid?: boolean } {
  const raw = value?.trim();
  if (!raw) return {};
  const folder = folderUrlOf(raw);
  return 'url' in folder ? { url: folder.url } : { invalid: true };
}

export function readSiteSettings(env: Record<string, string | undefined>): SiteSettings {
  const defaulted: string[] = [];
  const site = httpUrl(env.SITE_URL);
  if (!site) defaulted.push(`SITE_URL (using ${DEFAULT_SITE_URL})`);
  const siteUrl = siteUrlOf(env.SITE_URL);

  const apiOrigin = httpUrl(env.RANKING_API_URL)?.origin;
  const attribution = httpUrl(env.ATTRIBUTION_URL)?.href ?? (apiOrigin ? `${apiOrigin}/` : undefined);
  if (!attribution) defaulted.push(`ATTRIBUTION_URL (using ${DEFAULT_ATTRIBUTION_URL})`);
  // Cleaned as third-party text is: it reaches every page, feed and download.
  const name = cleanText(env.ATTRIBUTION_NAME ?? '').trim();
  if (!name) defaulted.push(`ATTRIBUTION_NAME (using "${DEFAULT_ATTRIBUTION_NAME}")`);
  const cards = env.CARD_MODELS?.trim();
  const cardsValid = cards !== undefined && /^\d{1,7}$/.test(cards);
  if (cards && !cardsValid) defaulted.push(`CARD_MODELS (not a whole number; using ${DEFAULT_CARD_MODELS})`);
  const cardModels = cardsValid ? Number(cards) : DEFAULT_CARD_MODELS;
  const pages = env.MODEL_PAGES?.trim();
  const pagesValid = pages !== undefined && /^\d{1,7}$/.test(pages);
  if (pages && !pagesValid) defaulted.push('MODEL_PAGES (not a whole number; as many as the deploy target allows)');
  const state = stateUrlOf(env.STATE_URL);
  if (state.invalid) defaulted.push('STATE_URL (not an https address; the snapshot file is published under /data/)');
  return {
    siteUrl,
    siteUrlSet: site !== undefined,
    attributionUrl: attribution ?? DEFAULT_ATTRIBUTION_URL,
    attributionName: name || DEFAULT_ATTRIBUTION_NAME,
    cardModels,
    modelPages: pagesValid ? Number(pages) : Infinity,
    stateUrl: state.url,
    defaulted,
  };
}

/** The sentence every download carries. */
export const attributionSentence = (name: string, url: string) => `Data from ${name} (${url}). Please keep this attribution when you republish it.`;

/**
 * The settings the pages and files show, as the build read them once and handed them to its render
 * and its extras worker (RenderInput.site): plain values, so they travel as JSON. No page or module
 * reads the environment for them.
 */
export interface HandedSite {
  siteUrl: string;
  attributionUrl: string;
  attributionName: string;
  cardModels: number;
  /** STATE_URL's folder, or null where the snapshot file is published under /data/. */
  stateUrl: string | null;
  /** When a snapshot counts as stale (STALE_AFTER_HOURS). */
  staleAfterHours: number;
}

/** The settings the site's data carries for its pages: the handed ones, with the addresses as URLs. */
export interface Site extends Omit<HandedSite, 'siteUrl' | 'stateUrl'> {
  siteUrl: URL;
  stateUrl: URL | undefined;
}

export const handedSite = (settings: SiteSettings, staleAfterHours: number): HandedSite => ({
  siteUrl: settings.siteUrl.href,
  attributionUrl: settings.attributionUrl,
  attributionName: settings.attributionName,
  cardModels: settings.cardModels,
  stateUrl: settings.stateUrl?.href ?? null,
  staleAfterHours,
});

export const siteOf = (handed: HandedSite): Site => ({
  ...handed,
  siteUrl: new URL(handed.siteUrl),
  stateUrl: handed.stateUrl === null ? undefined : new URL(handed.stateUrl),
});
