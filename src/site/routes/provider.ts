/** `/providers/{provider}/`: one vendor's models, their model ranks (and likely ranges), supraScore, configurations and tags. */
import type { SiteData } from '../data/types.ts';
import { providersOf, type Provider } from '../data/providers.ts';
import { leaderboardRowsAt, type LeaderboardRow } from '../lists/leaderboard.ts';
import { leaderboardIndexOf } from './leaderboard.ts';
import { rangesNoteOf, type RangesNote } from './evidence.ts';
import { siteShellOf, type SiteShell } from './shell.ts';

export interface ProviderPage {
  shell: SiteShell;
  provider: Provider;
  /** Its models as the leaderboard draws them, by model rank: the best of them where the plan cuts its page short. */
  rows: LeaderboardRow[];
  /** Its models the page leaves out (the deploy target's plan), all of them on the leaderboard. */
  more: number;
  /** The plan's target, which the note of the models left out names. */
  target: string | undefined;
  /** Models and configurations in the snapshot. */
  models: number;
  configurations: number;
  ranges: RangesNote;
}

/** Every provider's page. */
export const providerPaths = (data: SiteData) =>
  providersOf(data).providers.map((provider) => ({ params: { provider: provider.segment }, props: { provider } }));

export function providerPage(data: SiteData, provider: Provider): ProviderPage {
  const listed = Math.min(provider.models.length, data.plan.keep.providerRows);
  return {
    shell: siteShellOf(data),
    provider,
    rows: leaderboardRowsAt(
      leaderboardIndexOf(data),
      provider.models.slice(0, listed).map((m) => m.index),
    ),
    more: provider.models.length - listed,
    target: data.plan.target,
    models: data.models.length,
    configurations: data.configurations.length,
    ranges: rangesNoteOf(data),
  };
}
