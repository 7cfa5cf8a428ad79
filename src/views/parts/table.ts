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

/**
 * A table in the frame that scrolls it sideways (focusable, so a keyboard scrolls it too), named by
 * the heading `labelledBy`, its first column sticky; `rows` its body's `<tr>`s, `tableClass` what
 * else the table is (`matrix`).
 */
export function tableHtml(labelledBy: string, columns: readonly (Column | Markup)[], rows: Value, tableClass?: string): Markup {
  const heads = columns.map((column, i) => html`${i > 0 && ' '}${headHtml(column)}`);
  // prettier-ignore
  return html`<section class="table-wrap" tabindex="0" aria-labelledby="${labelledBy}">
    <table class="${tableClass ? `${tableClass} ` : ''}sticky-first">
      <thead>
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
