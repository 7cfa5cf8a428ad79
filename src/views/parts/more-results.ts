/** The note under a list of results cut at its first page by the deploy target's limits. */
import type { BuildPlan } from '../../site/plan/types.ts';
import { formatCount } from '../../site/format/format.ts';
import { href } from '../../site/links/links.ts';
import { publishedName } from '../../site/links/output-paths.ts';
import { html, type Markup } from './html.ts';

/**
 * Where a list of results stops at its first page because the deploy target's limits leave the
 * other pages out (the build's plan): what it holds, and where the rest is. Nothing otherwise.
 */
export function moreResultsHtml(plan: Pick<BuildPlan, 'deepResults' | 'compressedDownloads' | 'target'>, listed: number, total: number): Markup | undefined {
  if (plan.deepResults || total <= listed) return undefined;
  const scores = publishedName('scores.csv', plan.compressedDownloads);
  return html`<p class="note">
    The best ${formatCount(listed)} of ${formatCount(total)} models are listed here: this site is built for ${plan.target ?? 'its host'}, whose limits leave out
    the further pages of results. Every per-benchmark score is in <a href="${href('/data/')}">the downloads</a> (${scores}), and each model on the
    <a href="${href('/')}">leaderboard</a>.
  </p>`;
}
