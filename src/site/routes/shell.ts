/**
 * What every page's shell shows of the snapshot (its layout's header, banners and footer, the
 * legend of rank movement and the coverage note): the same on every page of a build, made once.
 */
import type { DetailsCoverage } from '../../store/read-snapshot.ts';
import type { SiteData } from '../data/types.ts';
import { siteCard, type Card } from '../files/cards.ts';
import { staleAfter } from '../settings/staleness.ts';
import type { Site } from '../settings/config.ts';
import type { NamedLink } from '../lists/leaderboard.ts';
import { tagHref } from '../links/links.ts';

export type Section = 'leaderboard' | 'benchmarks' | 'tags' | 'compare' | 'changes' | 'about';

export interface SiteShell {
  generatedAt: number;
  /** Fictional data: said on every page, and never stale. */
  sample: boolean;
  partial: boolean;
  /** When the snapshot counts as stale (Unix ms), for `<html data-stale-after>`; undefined for the sample. */
  staleAfter: number | undefined;
  coverage: DetailsCoverage;
  /** The snapshot before this one, and whether ranks compare across the two (not across the 2026-09-17 method change). */
  previous: { generatedAt: number; comparable: boolean } | undefined;
  /** The site's link-preview card, for a page without one of its own. */
  card: Card;
  /** The site's settings as the build handed them: its address (canonical links, cards), the attribution every footer links. */
  site: Site;
}

const made = new WeakMap<SiteData, SiteShell>();

export function siteShellOf(data: SiteData): SiteShell {
  let shell = made.get(data);
  if (!shell) {
    const { snapshot } = data;
    const latest = data.changes[0];
    shell = {
      generatedAt: snapshot.generatedAt,
      sample: snapshot.sample,
      partial: snapshot.partial,
      staleAfter: snapshot.sample ? undefined : staleAfter(snapshot.generatedAt, data.site.staleAfterHours),
      coverage: snapshot.coverage,
      previous: latest?.previousGeneratedAt === undefined ? undefined : { generatedAt: latest.previousGeneratedAt, comparable: latest.comparable },
      card: siteCard(data),
      site: data.site,
    };
    made.set(data, shell);
  }
  return shell;
}

/** `tags` with their pages, found by name. */
export const tagLinksOf = (data: Pick<SiteData, 'tagByName'>, tags: readonly string[]): NamedLink[] =>
  tags.map((name) => ({ name, href: tagHref(data.tagByName.get(name)!) }));
