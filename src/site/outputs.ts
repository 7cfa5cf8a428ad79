/**
 * Where the files the publish step writes beside Astro's pages live in `dist/`, relative to its
 * root: link previews, rank badges, the per-model and per-tag feeds, and the per-model data files
 * history.csv and scores.csv. Only a `segment` from the
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
/** The last days of every configuration's rank and supraScore. */
export const HISTORY_CSV_FILE = 'data/history.csv';
/** Part `n` (from 1) of the per-benchmark scores: `data/scores.csv`, then `data/scores-2.csv`, … */
export const scoresPartFile = (n: number) => (n === 1 ? 'data/scores.csv' : `data/scores-${n}.csv`);
/** The name of every part after the first, under /data/. */
export const SCORES_PART = /^scores-([2-9]|[1-9]\d+)\.csv$/;

export const modelFeedFile = (model: HasSegment) => `models/${model.segment}/feed.xml`;
export const tagFeedFile = (tag: HasSegment) => `tags/${tag.segment}/feed.xml`;
export const badgeFile = (model: HasSegment, format: 'svg' | 'json') => `${BADGE_DIR}/${model.segment}.${format}`;
