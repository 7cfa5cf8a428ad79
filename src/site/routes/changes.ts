/** `/changes/`: what changed between consecutive snapshots, model by model, and why. */
import type { ChangeSet } from '../data/history-pass.ts';
import type { SiteData } from '../data/types.ts';
import type { ScoreText } from '../format/precision.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

/** What a change's entry links and shows beyond the change itself, wherever it is listed (the changes page, a model's page). */
export interface ChangeLinks {
  /** The page of a model or a configuration while the site has one. */
  modelHref(familyTag: string): string | undefined;
  configurationHref(slug: string): string | undefined;
  /** supraScore with the digits that tell it apart in this snapshot. */
  scoreText: ScoreText;
}

const made = new WeakMap<SiteData, ChangeLinks>();

export function changeLinksOf(data: SiteData): ChangeLinks {
  let links = made.get(data);
  if (!links) {
    links = {
      modelHref: (familyTag) => data.modelByFamily.get(familyTag)?.href,
      configurationHref: (slug) => data.configurationBySlug.get(slug)?.href,
      scoreText: data.scoreText,
    };
    made.set(data, links);
  }
  return links;
}

export interface ChangesPage {
  shell: SiteShell;
  /** Newest first: every change set with a snapshot before it. */
  entries: ChangeSet[];
  links: ChangeLinks;
}

export const changesPage = (data: SiteData): ChangesPage => ({
  shell: siteShellOf(data),
  entries: data.changes.filter((c) => c.previousGeneratedAt !== undefined),
  links: changeLinksOf(data),
});
