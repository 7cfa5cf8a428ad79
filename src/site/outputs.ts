/**
 * Where the files the publish step writes beside Astro's pages live in `dist/`, relative to its
 * root: link previews, rank badges, the per-model and per-tag feeds, and the per-model data files
 * history.csv and scores.csv (in parts past a size). Only a `segment` from the
 * one path rule (paths.ts) becomes part of a path; pages link these through links.ts.
 */

interface HasSegment {
  segment: string;
}

/** The folder of the link-preview images. */
export const CARD_DIR = 'og';
/** The folder of the rank badges. */
export const BADGE_DIR = 'badges';

/** The pages of things, from the site's root (links.ts puts them under the configured base). */
export const modelPath = (model: HasSegment) => `/models/${model.segment}/`;
export const configurationPath = (configuration: HasSegment) => `/configurations/${configuration.segment}/`;
export const benchPath = (bench: HasSegment) => `/benchmarks/${bench.segment}/`;
export const tagPath = (tag: HasSegment) => `/tags/${tag.segment}/`;

/** A model's data file, which the comparison page's script loads. */
export const modelDataFile = (model: HasSegment) => `data/models/${model.segment}.json`;
/**
 * Part `n` (from 1) of a CSV download that comes in parts past a size: `data/scores.csv`, then
 * `data/scores-2.csv`, `data/scores-3.csv`, …
 */
export const csvPartFile = (file: PartedCsv, n: number) => `data/${n === 1 ? file : file.replace(/\.csv$/, `-${n}.csv`)}`;
export type PartedCsv = 'scores.csv' | 'history.csv';
/** The download a later part (`scores-2.csv`, under /data/) continues, or undefined. */
export function partedCsvOf(name: string): PartedCsv | undefined {
  const m = /^(scores|history)-([2-9]|[1-9]\d+)\.csv$/.exec(name);
  return m ? (`${m[1]}.csv` as PartedCsv) : undefined;
}

export const modelFeedFile = (model: HasSegment) => `models/${model.segment}/feed.xml`;
export const tagFeedFile = (tag: HasSegment) => `tags/${tag.segment}/feed.xml`;
export const badgeFile = (model: HasSegment, format: 'svg' | 'json') => `${BADGE_DIR}/${model.segment}.${format}`;
