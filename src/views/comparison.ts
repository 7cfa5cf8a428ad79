/**
 * Two to four models side by side (src/site/compare/comparison-view.ts says what): standing, whether the gap
 * means anything, supraScore over time, and per-benchmark scores on the benchmarks they share with
 * deltas and sources: the page of a pre-rendered comparison of two neighbours, around the
 * comparison's own view (src/views/parts/comparison.ts), which the comparison page's script draws too.
 */
import { comparisonView } from '../site/compare/comparison-view.ts';
import { compareHref, href } from '../site/links/links.ts';
import type { ModelFile } from '../site/files/model-file.ts';
import type { ComparisonEvidence } from '../site/compare/compare-models.ts';
import { RANK_LABEL } from '../site/format/ranks.ts';
import type { Comparison, Model } from '../site/data/site-data.ts';
import { comparisonHtml } from './parts/comparison.ts';
import { html, type Markup } from './parts/html.ts';
import type { PageHead } from './chrome.ts';
import { comparisonPath } from '../site/links/output-paths.ts';

/** The page of a pre-rendered comparison of two neighbours, `a` the better ranked; `files` are theirs, in that order. */
/** What a pre-rendered comparison's page says of itself to the layout. */
export const comparisonHead = ({ comparison, pair }: { comparison: Comparison; pair: readonly [Model, Model] }): PageHead => ({
  path: comparisonPath(comparison),
  title: `${pair[0].name} vs ${pair[1].name}`,
  section: 'compare',
  description: `${pair[0].name} and ${pair[1].name} side by side: supraScore and model rank over time and per-benchmark scores on their shared benchmarks.`,
});

export function comparisonPageHtml(comparison: Comparison, [a, b]: readonly [Model, Model], files: readonly ModelFile[], evidence: ComparisonEvidence): Markup {
  return html`<nav class="breadcrumb" aria-label="Breadcrumb">
      <ol>
        <li><a href="${href('/')}">Leaderboard</a></li>
        <li><a href="${href('/compare/')}">Compare</a></li>
        <li><span aria-current="page">${a.name} vs ${b.name}</span></li>
      </ol>
    </nav>
    <h1>${a.name} vs ${b.name}</h1>
    <p class="lede">
      Neighbours in the ranking: <a href="${a.href}">${a.name}</a> (${RANK_LABEL.model} ${a.rankText}) and
      <a href="${b.href}">${b.name}</a> (${RANK_LABEL.model} ${b.rankText}), each represented by its best configuration.
    </p>
    ${comparisonHtml(comparisonView(files, evidence))}
    <p class="meta">
      <a href="${compareHref(comparison.models)}">Open this comparison in the comparison tool</a> to add up to two more models (needs JavaScript).
    </p>`;
}
