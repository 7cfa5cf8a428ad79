/** Links on the site: internal paths under the configured base, and third-party URLs that may become links. */
import { badgeFile, benchPath, configurationPath, modelDataFile, modelFeedFile, modelPath, tagFeedFile, tagPath } from './outputs.ts';

const BASE: string = import.meta.env.BASE_URL;

const BASE_DIR = BASE.endsWith('/') ? BASE : `${BASE}/`;

/** An internal path under the site's base (`/models/x/` -> `/mirror/models/x/` when SITE_URL has a path). */
export function href(path: string): string {
  return BASE_DIR + (path.startsWith('/') ? path.slice(1) : path);
}

/**
 * Pages of things take the thing, not its name: only its `segment` (from the one path rule,
 * src/site/paths.ts) ever becomes part of a path.
 */
interface HasSegment {
  segment: string;
}

/** A model (`familyTag`) page. */
export const modelHref = (model: HasSegment) => href(modelPath(model));
/** A configuration (row of `/v1/models`) page. */
export const configurationHref = (configuration: HasSegment) => href(configurationPath(configuration));
/** A benchmark's page, or page N of its results. */
export const benchHref = (bench: HasSegment, page = 1) => href(page <= 1 ? benchPath(bench) : `${benchPath(bench)}page/${page}/`);
/** A tag's page, or page N of its models. */
export const tagHref = (tag: HasSegment, page = 1) => href(page <= 1 ? tagPath(tag) : `${tagPath(tag)}page/${page}/`);
/** The per-model data file the comparison loads. */
export const modelDataHref = (model: HasSegment) => href(`/${modelDataFile(model)}`);
/** A pre-rendered comparison (`/compare/a-vs-b/`). */
export const comparisonHref = (comparison: HasSegment) => href(`/compare/${comparison.segment}/`);
/** The comparison page for any 2-4 models (drawn by its script). */
export const compareHref = (models: readonly HasSegment[]) => href(`/compare/${models.length ? `?models=${models.map((m) => m.segment).join(',')}` : ''}`);
export const leaderboardHref = (page: number) => (page <= 1 ? href('/') : href(`/leaderboard/${page}/`));
/** Two segments deep, so no benchmark slug can collide with a page of the list. */
export const benchmarksHref = (page: number) => (page <= 1 ? href('/benchmarks/') : href(`/benchmarks/page/${page}/`));
/** The Atom feed of a model's own changes. */
export const modelFeedHref = (model: HasSegment) => href(`/${modelFeedFile(model)}`);
/** The Atom feed of the changes of a tag's models. */
export const tagFeedHref = (tag: HasSegment) => href(`/${tagFeedFile(tag)}`);
/** A model's rank badge, as SVG or as a shields.io endpoint. */
export const badgeHref = (model: HasSegment, format: 'svg' | 'json') => href(`/${badgeFile(model, format)}`);
/** The entry of one snapshot on the changes page. */
export const changesHref = (anchor?: string) => href(`/changes/${anchor ? `#${anchor}` : ''}`);

/** The URL when it is `http:` or `https:` and may become a link; undefined for anything else (shown as text). */
export function safeExternalUrl(value: string): string | undefined {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The host of an external URL, for a compact label. */
export function hostOf(value: string): string {
  try {
    return new URL(value).host;
  } catch {
    return value;
  }
}
