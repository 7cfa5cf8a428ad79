/**
 * What a visitor reads of a field's published files: each model's rank, likely range and rank set
 * (models.json), and the verdicts the comparison pages give, made by the comparison's own module from
 * the models' data files and evidence.json, as the comparison page makes them in the browser.
 */
import { Rng, hash } from '../sample/random.ts';
import { verdictsOf, type ComparisonEvidence } from '../../site/compare/compare-models.ts';
import type { ModelFile } from '../../site/files/model-file.ts';
import type { Published } from './publish-field.ts';
import type { Claim, FieldReading, ReadModel } from './score-field.ts';

/** Pages of four models the harness draws per field: the comparison tool with its most models. */
const FOUR_PAGES = 40;

/** What the comparison says of `first` against each of `others`, as its page draws it (the comparison's own module): the claims it makes. */
function claimsOf(evidence: ComparisonEvidence, first: ModelFile, others: readonly ModelFile[]): Claim[] {
  const verdicts = verdictsOf([first, ...others], evidence);
  return others.flatMap((other, i) => {
    const v = verdicts[i];
    if (!v?.separates) return [];
    return [v.ahead === 0 ? { ahead: first.model.familyTag, behind: other.model.familyTag } : { ahead: other.model.familyTag, behind: first.model.familyTag }];
  });
}

/** What models.json says of a model, on the record of its best configuration. */
type ModelRecord = Pick<Published['models'][number], 'familyTag' | 'modelRank' | 'likelyModelRank' | 'modelRankSet'>;

/** Each model's first record in models.json (its best configuration): its model rank, likely range and rank set, and its benchmarks where known. */
export function modelsOf(records: readonly ModelRecord[], benchmarksOf: (familyTag: string) => number | null = () => null): ReadModel[] {
  const seen = new Set<string>();
  return records.flatMap((r) => {
    if (seen.has(r.familyTag)) return [];
    seen.add(r.familyTag);
    return [{ familyTag: r.familyTag, rank: r.modelRank, likely: r.likelyModelRank, set: r.modelRankSet, benchmarks: benchmarksOf(r.familyTag) }];
  });
}

export function readPublished(published: Published, seed: number): FieldReading {
  const models = modelsOf(published.models, (tag) => {
    const file = published.modelFiles.get(tag);
    return file ? new Set(file.scores.filter((s) => s.counts).map((s) => s.bench)).size : null;
  });
  const evidence: ComparisonEvidence = { facts: published.evidence, se: new Map(published.modelList.map(([segment, , , , , se]) => [segment, se])) };
  const ordered = [...published.modelFiles.values()].sort((a, b) => a.model.rank - b.model.rank || (a.model.segment < b.model.segment ? -1 : 1));
  const pages: FieldReading['pages'] = [];
  // Each pre-rendered comparison: a model and the one just below it.
  for (let i = 0; i + 1 < ordered.length; i++) pages.push({ kind: 'neighbours', compared: 1, claims: claimsOf(evidence, ordered[i]!, [ordered[i + 1]!]) });
  // The comparison tool with four close models (within ten places), the first against each of the others.
  const rng = new Rng(hash(seed, 0x4f0));
  for (let p = 0; p < FOUR_PAGES && ordered.length >= 11; p++) {
    const start = rng.int(ordered.length - 10);
    const picked = rng
      .shuffle(Array.from({ length: 11 }, (_, i) => start + i))
      .slice(0, 4)
      .map((i) => ordered[i]!);
    pages.push({ kind: 'four', compared: 3, claims: claimsOf(evidence, picked[0]!, picked.slice(1)) });
  }
  return { models, pages };
}
