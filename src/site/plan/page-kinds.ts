/**
 * The site's kinds of page and file, read from the kinds of output that list them (`files` of each
 * entry in src/site/plan/output-kinds.ts): which kind a file is (the plan's measure of a built site,
 * the sitemap, the search records' kinds, the bench's table) and the plan's order of giving way, the
 * levers of every entry by their places. Nothing here lists a kind; the architecture test holds every
 * page file and every kind of output to the entries.
 */
import { entryOf, OUTPUT_KINDS, type FileKind, type GiveWay, type Lever, type OutputKind } from './output-kinds.ts';

export type { GiveWay, Lever } from './output-kinds.ts';

/** A kind of page or file, with the kind of output it is weighed and measured as. */
export interface PageKind extends FileKind {
  plan: OutputKind;
}

/** How particular a segment of an output is: a name, a name with a `*` in it, `*`, `**`; none (the output ended) above all. */
const segmentRank = (segment: string | undefined): number =>
  segment === undefined ? 4 : segment === '**' ? 0 : segment === '*' ? 1 : segment.includes('*') ? 2 : 3;

/** Which of two outputs is the more particular, segment by segment from the root: where two overlap, the one a file is of. */
function moreParticular(a: string, b: string): number {
  const [as, bs] = [a.split('/'), b.split('/')];
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const d = segmentRank(bs[i]) - segmentRank(as[i]);
    if (d !== 0) return d;
  }
  return 0;
}

/** Every kind of page and file, the more particular output first (`**`, every file the others do not take, last). */
export const PAGE_KINDS: readonly PageKind[] = OUTPUT_KINDS.flatMap((plan) => entryOf(plan).files.map((k) => ({ ...k, plan }))).sort((a, b) =>
  moreParticular(a.output, b.output),
);

/** A kind's output as a pattern over a file's path from the site's root. */
function patternOf(output: string): RegExp {
  const parts = output.split('/').map((part) => (part === '**' ? '.*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')));
  return new RegExp(`^${parts.join('/').replace(/\/\.\*$/, '(?:/.*)?')}$`);
}

const MATCHERS = PAGE_KINDS.map((kind) => ({ kind, pattern: patternOf(kind.output) }));

/** The kind of page or file a file of the site is, by its path from the site's root. */
export const pageKindOf = (path: string): PageKind => MATCHERS.find((m) => m.pattern.test(path))!.kind;

/** The kind of output a file of the site is, by its path from the site's root: what the plan weighs it as. */
export const kindOf = (path: string): OutputKind => pageKindOf(path).plan;

/** Whether the sitemap leaves out the page at `path` (as `about/`, `` for the home page). */
export const outOfSitemap = (path: string): boolean => !pageKindOf(path === '' || path.endsWith('/') ? `${path}index.html` : path).sitemap;

/** The plan's levers, every entry's, in the order they give way (src/site/plan/site-plan.ts pulls them so). */
export const LEVERS: readonly Lever[] = OUTPUT_KINDS.flatMap((kind) => entryOf(kind).givesWay ?? []).sort((a, b) => a.place - b.place);

/** What gives way when a host's limits bind, cheapest value first: the levers' names in their order. */
export const GIVE_WAY: readonly GiveWay[] = LEVERS.map((lever) => lever.name);
