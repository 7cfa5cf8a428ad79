/**
 * The body of `/providers/{provider}/`: what a vendor has and how it does, its models drawn with the
 * leaderboard's own rows (their model rank among all models and its likely range, supraScore,
 * configurations and tags), and its feed.
 */
import { formatCount, plural } from '../site/format/format.ts';
import { LEADERBOARD } from '../site/lists/leaderboard.ts';
import { href, providerFeedHref } from '../site/links/links.ts';
import { RANK_LABEL } from '../site/format/ranks.ts';
import type { ProviderPage } from '../site/routes/provider.ts';
import { html, type Markup } from './parts/html.ts';
import type { PageHead } from './chrome.ts';
import { providerPath } from '../site/links/output-paths.ts';
import { likelyLegendHtml } from './parts/likely.ts';
import { LEADERBOARD_ROWS, listTableHtml } from './parts/list-table.ts';

/** What a vendor's page says of itself to the layout, with its feed. */
export const providerHead = ({ provider }: ProviderPage): PageHead => ({
  path: providerPath(provider),
  title: provider.name,
  section: 'leaderboard',
  description: `${provider.name}: ${plural(provider.models.length, 'model')}, their model ranks, supraScore, configurations and tags.`,
  feed: { href: providerFeedHref(provider), title: `${provider.name}: changes` },
});

export function providerPageHtml(page: ProviderPage): Markup {
  const { provider, rows } = page;
  const best = rows[0];
  // prettier-ignore
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/')}">Leaderboard</a></li>
        <li><span aria-current="page">${provider.name}</span></li>
      </ol>
    </nav>
    <h1>${provider.name}</h1>
    <p class="lede">
      ${plural(provider.models.length, 'model')} by ${provider.name} in this snapshot, in ${plural(provider.configurations, 'configuration')}, each ranked among all
      ${formatCount(page.models)} models by its best configuration’s supraScore${best && html`: the best, <a href="${best.href}">${best.name}</a>, is at ${RANK_LABEL.model} ${best.rankText}`}.
    </p>
    ${likelyLegendHtml(page.ranges)}
    <section class="table-wrap" tabindex="0" aria-label="${provider.name}’s models">
      ${listTableHtml(LEADERBOARD, LEADERBOARD_ROWS, rows, `${provider.name}’s models by model rank`)}
    </section>
    ${
      page.more > 0 &&
      html`<p class="note">
        The best ${formatCount(rows.length)} of its ${formatCount(provider.models.length)} models are listed here: this site is built for ${page.target ?? 'its host'},
        whose limits leave out the other ${formatCount(page.more)}. Every one of them is on the <a href="${href('/')}?provider=${encodeURIComponent(provider.name)}">leaderboard, filtered by ${provider.name}</a>.
      </p>`
    }
    <p class="meta">Changes to its models, snapshot by snapshot: <a href="${providerFeedHref(provider)}">Atom feed</a></p>`;
}
