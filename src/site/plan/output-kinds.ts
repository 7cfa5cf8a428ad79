/** The kinds of output a site is made of, by path: what a plan weighs and a build measures. */

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
  'leaderboard',
  'downloads',
  'history',
  'rank',
  'snapshot-db',
  'other',
] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/** The kind of output a file of the site is, by its path from the site's root. */
export function kindOf(path: string): OutputKind {
  const [top, second, third] = path.split('/');
  switch (top) {
    case 'models':
      if (third === 'feed.xml') return 'model-feed';
      if (third?.startsWith('badge.')) return 'badge';
      return 'model-page';
    case 'configurations':
      return 'configuration-page';
    case 'compare':
      return second === 'index.html' ? 'other' : 'comparison';
    case 'og':
      return 'card';
    case 'pagefind':
      return 'search';
    case 'benchmarks':
      return second === 'index.html' || second === 'page' ? 'other' : 'benchmark-page';
    case 'tags':
      return second === 'index.html' ? 'other' : 'tag-page';
    case 'leaderboard':
      return second === 'as-of' ? 'history' : 'leaderboard';
    case 'index.html':
      return 'leaderboard';
    case 'rank':
      return 'rank';
    case 'data':
      if (second === 'models' || second === 'model-groups') return 'model-file';
      if (second === 'history') return 'history';
      if (second === 'rank.json') return 'rank';
      return second?.startsWith('snapshot.db') ? 'snapshot-db' : 'downloads';
    default:
      return 'other';
  }
}
