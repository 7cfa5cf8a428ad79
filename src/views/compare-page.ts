/**
 * The body of `/compare/`, inside its `<div data-compare>`: the comparison tool (hidden without
 * scripting, src/browser/compare.ts, which draws the comparison with its view,
 * src/views/parts/comparison.ts) and what to do without JavaScript with the closest pre-rendered
 * comparisons.
 */
import { compareStatus } from '../site/compare/compare-models.ts';
import type { Comparison, Model } from '../site/data/types.ts';
import { RANK_LABEL } from '../site/format/ranks.ts';
import { comparisonHref, href } from '../site/links/links.ts';
import { html, type Markup } from './parts/html.ts';

export function comparePageHtml({ top, models }: { top: readonly { comparison: Comparison; pair: [Model, Model] }[]; models: number }): Markup {
  // prettier-ignore
  return html`<div data-compare-tool data-needs-script>
      <form class="controls" aria-label="Add a model to the comparison">
        <div class="field">
          <label for="compare-model">Add a model</label>
          <input id="compare-model" name="model" type="text" list="compare-models" autocomplete="off" placeholder="Model name">
          <datalist id="compare-models"></datalist>
        </div>
        <button class="button" type="submit">Add</button>
      </form>
      <p class="status" aria-live="polite" data-compare-status>${compareStatus(0, [])}</p>
      <h2 id="chosen">Models compared</h2>
      <ul class="list-plain chosen" data-compare-chosen aria-labelledby="chosen"></ul>
    </div>
    <div data-compare-output></div>
    <section aria-labelledby="without-js" class="note" data-compare-note>
      <h2 id="without-js">How to compare</h2>
      <p>
        This page draws a comparison in your browser, with a small script, from each model’s data file (<code>/data/models/…json</code>): open it from a model’s
        page, or, with JavaScript on, add models with the form above. Without JavaScript, every <a href="${href('/')}">model’s page</a> links to ready-made comparisons
        with the models just above and below it in the ranking${top.length > 0 && ', as do these, the closest contests at the top'}.
      </p>
      ${top.length > 0 && html`<ul class="list-plain">
          ${top.map(({ comparison, pair: [a, b] }) => html`<li>
              <a href="${comparisonHref(comparison)}"> ${a.name} vs ${b.name} </a>
              <span class="meta"> ${RANK_LABEL.model} ${a.rankText} and ${b.rankText} </span>
            </li>`)}
        </ul>`}
      ${models < 2 && html`<p>The snapshot has only one model: there is nothing to compare.</p>`}
    </section>
`;
}
