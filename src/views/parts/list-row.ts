/**
 * A row of a list or of a ranked table, and the cells of a ranked model (its place, its name, its
 * score): apart from list-table.ts, which holds every list's cells, so a page's script that draws
 * one list's rows (/rank/'s) does not bundle the others' specs and cells.
 */
import { html, type Markup, type Value } from './html.ts';

/** What draws a list's rows: a cell for each of its columns, by key, and the row's id where it has one. */
export interface RowCells<Row> {
  cells: Record<string, (row: Row) => Markup>;
  id?: (row: Row) => string;
}

export type CellsOf<L extends { columns: readonly { key: string }[] }, Row> = Record<L['columns'][number]['key'], (row: Row) => Markup>;

/** The columns a caller draws of its rows, each the key of a cell: a list's spec (its own columns), or a table's choice of them. */
export interface Columns {
  columns: readonly { key: string }[];
}

/**
 * A row of a list or of a ranked table (the leaderboard, a vendor's page, a tag page's rankings, /rank/): its cells in the order
 * of the columns its caller chose. The cells of a ranked model (its place, its name, its score) are the ones below.
 */
export function listRowHtml<Row>({ columns }: Columns, { cells, id }: RowCells<Row>, row: Row): Markup {
  const tds = columns.map((c, i) => html`${i > 0 && ' '}${cells[c.key]!(row)}`);
  return html`<tr${id && html` id="${id(row)}"`}> ${tds} </tr>`;
}

/** A model's place in a ranked list (markup of its own where it has none), and what is said beside it, each a space apart (none where false). */
// prettier-ignore
export const rankCellHtml = (place: string | Markup, beside: readonly Value[] = []) =>
  html`<td class="rank">
    ${typeof place === 'string' ? html`<strong>${place}</strong>` : place}${beside.map((said) => said !== false && said !== undefined && html` ${said}`)}
  </td>`;

/** A model's name, linked to its page (a model of a past day that is gone, not linked), with what is said `under` it. */
// prettier-ignore
export const modelCellHtml = (model: { name: string; href: string | undefined }, under: Value) =>
  html`<th scope="row" class="model-name">
    ${model.href ? html`<a href="${model.href}">${model.name}</a>` : html`<span class="gone">${model.name}</span>`}
    ${under}
  </th>`;

/** A model's score (0 to 100), with a bar of its length, and what is said `under` it. */
// prettier-ignore
export const scoreCellHtml = (text: string, score: number, under?: Markup) =>
  html`<td class="num">
    <span class="score"><span>${text}</span><span class="bar" style="--w:${score.toFixed(1)}%" aria-hidden="true"></span></span>
    ${under !== undefined && html`${under}
  `}</td>`;
