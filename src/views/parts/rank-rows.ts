/** /rank/'s rows (src/site/lists/rank-list.ts): the cells its page renders and its script draws again. */
import { RANK, type RankRow } from '../../site/lists/rank-list.ts';
import { RANK_LABEL } from '../../site/format/ranks.ts';
import { html } from './html.ts';
import { likelyHtml, tiedHtml } from './likely.ts';
import { modelCellHtml, rankCellHtml, scoreCellHtml, type CellsOf, type RowCells } from './list-row.ts';

/** The models ranked by a visitor's weights: a model listed apart has no rank, and says so. */
export const RANK_ROWS: RowCells<RankRow> & { cells: CellsOf<typeof RANK, RankRow> } = {
  cells: {
    rank: (row) =>
      rankCellHtml(
        row.rank ? row.rankText : html`<span class="apart">apart<span class="visually-hidden">, too little evidence under these weights to rank</span></span>`,
        row.rank
          ? [
              row.tiedAbove && tiedHtml(),
              row.likely && likelyHtml(row.likely, row.likelyOf === 'model rank' ? 'likely model rank' : 'likely rank here'),
              row.pending && html`<span class="likely" aria-hidden="true">…</span>`,
            ]
          : [],
      ),
    name: (row) => modelCellHtml(row, html`<span class="sub"><span class="narrow-only">${row.provider} · </span>${RANK_LABEL.model} ${row.modelRank}</span>`),
    provider: (row) => html`<td class="wide-only provider">${row.provider}</td>`,
    // On a phone the coverage, whose column is gone, is under the score.
    score: (row) => scoreCellHtml(row.scoreText, row.score, html`<span class="sub narrow-only">${row.coverageText} covered</span>`),
    coverage: (row) => html`<td class="num wide-only coverage">${row.coverageText}</td>`,
  },
};
