/** Links on the site: internal paths under the configured base, and third-party URLs that may become links. */
import { LEADERBOARD_PAGE_SIZE } from './page-sizes.ts';
import {
  badgeFile,
  benchmarksPath,
  benchPagePath,
  comparisonPath,
  configurationPath,
  dataPath,
  leaderboardPath,
  modelDataPath,
  modelFeedFile,
  modelPath,
  providerFeedFile,
  providerPath,
  tagFeedFile,
  tagPagePath,
} from './output-paths.ts';

const asFolder = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/**
 * The base path the pages and the browser scripts are built under: Vite's (astro.config.mjs takes it
 * from SITE_URL), `/` where no Vite runs. Code that runs outside Vite (the extras worker, through the
 * site's data) passes the base of the site it was handed (`siteBase`) instead.
 */
const BUILD_BASE = asFolder((import.meta.env as { BASE_URL?: string } | undefined)?.BASE_URL ?? '/');

/** The base path of the site at `siteUrl` (its address as the build handed it). */
export const siteBase = (siteUrl: URL) => asFolder(siteUrl.pathname);

/** An internal path under the site's base (`/models/x/` -> `/mirror/models/x/` when SITE_URL has a path). */
export function href(path: string, base = BUILD_BASE): string {
  return base + (path.startsWith('/') ? path.slice(1) : path);
}

/**
 * Pages of things take the thing, not its name: only its `segment` (from the one path rule,
 * src/site/data/paths.ts) ever becomes part of a path.
 */
interface HasSegment {
  segment: string;
}

/** How many of the best models have a page, and how many have pages for their configurations (the build's plan). */
export interface PagesKept {
  modelPages: number;
  configurationPages: number;
}

/** A model's row on the leaderboard: where a model without a page of its own is found. */
export const leaderboardRowId = (model: HasSegment) => `m-${model.segment}`;

/**
 * A model's address: its page when the build made one (the best `modelPages` models, by model
 * rank), else its row on the leaderboard, which lists its configurations. `index` is its place in
 * the model ranking, from 0.
 */
export function modelAddress(model: HasSegment & { index: number }, kept: PagesKept, base = BUILD_BASE): string {
  if (model.index < kept.modelPages) return href(modelPath(model), base);
  return `${leaderboardHref(Math.floor(model.index / LEADERBOARD_PAGE_SIZE) + 1, base)}#${leaderboardRowId(model)}`;
}

/** A configuration's address: its page when the build made one, else where its model lists it. */
export function configurationAddress(configuration: HasSegment, model: HasSegment & { index: number }, kept: PagesKept, base = BUILD_BASE): string {
  if (model.index < kept.configurationPages) return href(configurationPath(configuration), base);
  return model.index < kept.modelPages ? `${href(modelPath(model), base)}#configurations` : modelAddress(model, kept, base);
}

/** A model's or a configuration's address, as the site's data resolved it for this build's plan. */
export const modelHref = (model: { href: string }) => model.href;
export const configurationHref = (configuration: { href: string }) => configuration.href;
/** A benchmark's page, or page N of its results. */
export const benchHref = (bench: HasSegment, page = 1) => href(benchPagePath(bench, page));
/** A tag's page, or page N of its models. */
export const tagHref = (tag: HasSegment, page = 1) => href(tagPagePath(tag, page));
/** A model's data file, which the comparison loads: its own, or its group's (the plan decides). */
export const modelDataHref = (model: HasSegment & { index: number }, plan: Parameters<typeof modelDataPath>[1]) => dataHref(modelDataPath(model, plan));
/** A file of the downloads, by its name under `/data/`. */
export const dataHref = (file: string) => href(dataPath(file));
/** A pre-rendered comparison (`/compare/a-vs-b/`). */
export const comparisonHref = (comparison: HasSegment) => href(comparisonPath(comparison));
/** The comparison page for any 2-4 models (drawn by its script). */
export const compareHref = (models: readonly HasSegment[]) => href(`/compare/${models.length ? `?models=${models.map((m) => m.segment).join(',')}` : ''}`);
export const leaderboardHref = (page: number, base = BUILD_BASE) => href(leaderboardPath(page), base);
export const benchmarksHref = (page: number) => href(benchmarksPath(page));
/** The Atom feed of a model's own changes. */
export const modelFeedHref = (model: HasSegment) => href(`/${modelFeedFile(model)}`);
/** The Atom feed of the changes of a tag's models. */
export const tagFeedHref = (tag: HasSegment) => href(`/${tagFeedFile(tag)}`);
export const providerHref = (provider: HasSegment, base = BUILD_BASE) => href(providerPath(provider), base);
export const providerFeedHref = (provider: HasSegment) => href(`/${providerFeedFile(provider)}`);
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
