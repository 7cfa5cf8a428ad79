/** `/tags/{tag}/with/{tag}/`: the benchmarks two tags share, for each pair of tags at least TAG_PAIR_BENCHES benchmarks carry both of. */
import type { Bench, SiteData, Tag } from '../data/types.ts';
import { TAG_PAIR_BENCHES } from '../plan/output-kinds.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

export interface TagPairPage {
  shell: SiteShell;
  /** The two tags, in the taxonomy's (alphabetical) order. */
  first: Tag;
  second: Tag;
  /** The benchmarks carrying both, by effectiveWeight (highest first). */
  benches: Bench[];
}

/** Every pair of tags at least TAG_PAIR_BENCHES benchmarks carry both of, with the benchmarks they share. */
export function tagPairsOf(data: SiteData): TagPairPage[] {
  const shell = siteShellOf(data);
  const pairs = new Map<string, TagPairPage>();
  for (const bench of data.benches) {
    const tags = [...new Set(bench.tags)].flatMap((name) => data.tagByName.get(name) ?? []).sort((a, b) => data.tags.indexOf(a) - data.tags.indexOf(b));
    for (let i = 0; i < tags.length; i++)
      for (let j = i + 1; j < tags.length; j++) {
        const key = `${tags[i]!.segment}/${tags[j]!.segment}`;
        let pair = pairs.get(key);
        if (!pair) pairs.set(key, (pair = { shell, first: tags[i]!, second: tags[j]!, benches: [] }));
        pair.benches.push(bench);
      }
  }
  const kept = [...pairs.values()].filter((pair) => pair.benches.length >= TAG_PAIR_BENCHES);
  for (const pair of kept) pair.benches.sort((a, b) => b.effectiveWeight - a.effectiveWeight);
  return kept;
}

/** Every tag pair's page. */
export const tagPairPaths = (data: SiteData) =>
  tagPairsOf(data).map((page) => ({ params: { tag: page.first.segment, second: page.second.segment }, props: { page } }));
