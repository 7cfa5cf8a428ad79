/** The kinds of output a site is made of: what a plan weighs and a build measures (which files are of each: src/site/plan/page-kinds.ts). */

export const OUTPUT_KINDS = [
  'model-page',
  'model-feed',
  'badge',
  'configuration-page',
  'comparison',
  'card',
  'model-file',
  'search',
  'benchmark-page',
  'tag-page',
  'provider-page',
  'leaderboard',
  'downloads',
  'history',
  'rank',
  'snapshot-db',
  'other',
] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];
