/** A table of a page in its frame: one markup for the tables the pages draw the same way. */
import { html, Markup, type Value } from './html.ts';

/** A column: its heading, and the class of its heading (`num` for numbers, `wide-only` for what narrow screens leave out). */
export type Column = readonly [label: string, cls?: string];

/** The columns of a table of configurations: each one's score, configuration rank and benchmarks. */
export const CONFIGURATION_COLUMNS: readonly Column[] = [['Configuration'], ['supraScore', 'num'], ['Configuration rank', 'num'], ['Benchmarks', 'num']];

/** A column's heading; one given as markup is headings the page made (one per configuration of a model, say). */
// prettier-ignore
const headHtml = (column: Column | Markup) =>
  column instanceof Markup ? column : html`<th scope="col"${column[1] && html` class="${column[1]}"`}>${column[0]}</th>`;

/** What names a table's frame: the id of its heading, or a label of its own. */
export type TableName = string | { label: string };

/**
 * A table in the frame that scrolls it sideways (focusable, so a keyboard scrolls it too), named by
 * the heading `name` (or by its label), its first column sticky; `rows` its body's `<tr>`s,
 * `tableClass` what else the table is (`matrix`), `caption` what a screen reader hears of it, where
 * the heading does not say it all.
 */
export function tableHtml(name: TableName, columns: readonly (Column | Markup)[], rows: Value, tableClass?: string, caption?: Value): Markup {
  const heads = columns.map((column, i) => html`${i > 0 && ' '}${headHtml(column)}`);
  const named = typeof name === 'string' ? html`aria-labelledby="${name}"` : html`aria-label="${name.label}"`;
  // prettier-ignore
  return html`<section class="table-wrap" tabindex="0" ${named}>
    <table class="${tableClass ? `${tableClass} ` : ''}sticky-first">
      ${caption !== undefined && html`<caption class="visually-hidden">${caption}</caption>
      `}<thead>
        <tr>
          ${heads}
        </tr>
      </thead>
      <tbody>
        ${rows}
      </tbody>
    </table>
  </section>`;
}
