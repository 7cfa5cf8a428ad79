/** The tags of a snapshot: the taxonomy, plus any tag a row carries (so every tag link has a page), alphabetical. */
import type { TagRow } from '../../store/read-snapshot.ts';
import { assignSegments } from './paths.ts';
import { competitionRanks } from '../format/ranks.ts';
import { compareText } from './group-by.ts';
import type { Bench, Configuration, Model, Tag } from './types.ts';

export function buildTags(
  taxonomy: readonly TagRow[],
  configurations: readonly Configuration[],
  benches: readonly Bench[],
  modelByFamily: ReadonlyMap<string, Model>,
): { tags: Tag[]; tagByName: Map<string, Tag> } {
  const tagByName = new Map<string, Tag>();
  const entry = (tag: string) => {
    let t = tagByName.get(tag);
    if (!t) {
      t = { tag, models: 0, benches: 0, inTaxonomy: false, configurations: [], benchList: [], segment: '', modelList: [] };
      tagByName.set(tag, t);
    }
    return t;
  };
  for (const t of taxonomy) Object.assign(entry(t.tag), { models: t.models, benches: t.benches, inTaxonomy: true });
  for (const c of configurations) for (const t of c.tags) entry(t).configurations.push(c);
  for (const b of benches) for (const t of b.tags) entry(t).benchList.push(b);
  const segments = assignSegments(tagByName.keys());
  for (const t of tagByName.values()) {
    t.segment = segments.get(t.tag)!;
    if (!t.inTaxonomy) {
      t.models = t.configurations.length;
      t.benches = t.benchList.length;
    }
    // As /v1/best: configurations carrying the tag by supraScore, then one row per model (its best of them).
    const seen = new Set<string>();
    const carrying = t.configurations.filter((c) => !seen.has(c.familyTag) && seen.add(c.familyTag));
    const ranks = competitionRanks(carrying.map((c) => c.supraScore));
    t.modelList = carrying.map((c, i) => ({ model: modelByFamily.get(c.familyTag)!, configuration: c, rank: ranks[i]!.rank, rankTied: ranks[i]!.tied }));
  }
  return { tags: [...tagByName.values()].sort((a, b) => compareText(a.tag, b.tag)), tagByName };
}
