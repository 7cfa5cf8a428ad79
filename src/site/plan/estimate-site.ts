/**
 * What a plan makes, in the terms hosts limit (estimateSite): each kind of output weighed as at the
 * address the weights are fitted at (src/site/plan/kind-figures.ts), then at the site's own address,
 * and at least as a build measured it.
 */
import { DEFAULT_SITE_URL } from '../links/site-url.ts';
import type { SiteFigures } from './hosts.ts';
import { weighingOf } from './kind-figures.ts';
import { entryOf, OUTPUT_KINDS, type KindFigures, type OutputKind, type Weights } from './output-kinds.ts';
import type { Draft, FieldCounts } from './types.ts';
import { kindsAtFittedAddress, weightsOf } from './weights.ts';

/** The site's address the weights are fitted at; another one changes every page by its links (Weights.address). */
export const FITTED_AT = new URL(DEFAULT_SITE_URL);

/** The lengths of an address as the plan counts them. */
export const addressOf = (url: URL): FieldCounts['address'] => ({ base: url.pathname.length, origin: url.origin.length });

/** What a plan makes, counted and weighed, by kind of output. Pure: the same counts, weights and plan give the same figures. */
export function estimateKinds(counts: FieldCounts, weights: Weights, plan: Draft): KindFigures {
  const kinds = kindsAtFittedAddress(counts, weights, plan);
  for (const [kind, share] of Object.entries(weights.address) as [OutputKind, { perBaseChar: number; perOriginChar: number }][])
    kinds[kind].bytes *= addressFactor(counts.address, share);
  return kinds;
}

/** How much a kind of output weighs at `address` against FITTED_AT: 1.1 is a tenth more. */
export function addressFactor(address: FieldCounts['address'], share: { perBaseChar: number; perOriginChar: number } | undefined): number {
  if (!share) return 1;
  const at = addressOf(FITTED_AT);
  return 1 + share.perBaseChar * (address.base - at.base) + share.perOriginChar * (address.origin - at.origin);
}

/**
 * What a build measured of a kind of output against its plan's estimate: its bytes over the
 * estimate's (`ratio`), and the bytes each file it made had beyond its estimate (`perFile`).
 */
export type AsMeasured = Partial<Record<OutputKind, { ratio: number; perFile: number }>>;

/**
 * Each kind weighed at least as a build measured it: in proportion, and per file. A kind that
 * weighed more than estimated may owe it to what every one of its pages shows as much as to what
 * some show more of: a plan made again from a measure takes whichever is heavier.
 */
export function atLeastAsMeasured(kinds: KindFigures, asMeasured: AsMeasured): KindFigures {
  const out = { ...kinds };
  for (const [kind, m] of Object.entries(asMeasured) as [OutputKind, { ratio: number; perFile: number }][]) {
    const k = kinds[kind];
    out[kind] = { files: k.files, bytes: Math.max(k.bytes * m.ratio, k.bytes + m.perFile * k.files) };
  }
  return out;
}

/** What a plan makes, in the terms hosts limit; each kind at least as measured (`asMeasured`) where a build measured it. */
export function estimateSite(counts: FieldCounts, weights: Weights, plan: Draft, asMeasured: AsMeasured = {}): SiteFigures {
  const kinds = atLeastAsMeasured(estimateKinds(counts, weights, plan), asMeasured);
  const e = weighingOf(counts, plan);
  // The entries each kind's files add to a folder, summed by folder, in the order of the entries.
  const folders = new Map<string, number>();
  for (const kind of OUTPUT_KINDS) for (const [path, n] of entryOf(kind).folders?.(e, kinds[kind]) ?? []) folders.set(path, (folders.get(path) ?? 0) + n);
  const largestFolder = [...folders].reduce((a, b) => (b[1] > a[1] ? b : a));
  // The largest single file of any kind.
  const largestFile = OUTPUT_KINDS.flatMap((kind) => entryOf(kind).largestFiles?.(e, kinds[kind], weightsOf(weights, kind)) ?? []).reduce((a, b) =>
    b.bytes > a.bytes ? b : a,
  );
  let files = 0;
  let bytes = 0;
  for (const k of Object.values(kinds)) {
    files += k.files;
    bytes += k.bytes;
  }
  return { files, bytes: Math.round(bytes), largestFolder: { path: largestFolder[0], entries: largestFolder[1] }, largestFile };
}
