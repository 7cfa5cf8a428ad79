/**
 * Markup as strings, for the pages built tens of thousands of times (configurations, models,
 * comparisons): Astro's per-expression and per-component work on them was most of the build. The
 * `html` tag escapes every value it is given, as Astro does (`& < > " '` as entities, after the
 * site's data cleaned the text once), so a third-party name can never become markup; only what
 * `html` itself made passes through as markup. Attribute values are always written quoted:
 * `<a href="${url}">`. Every view returns `Markup`; a page or component takes its `.html` once, at
 * the end (`<Fragment set:html={markup.html} />`).
 */

/** Markup that `html` made: it passes through another `html` unescaped. */
export class Markup {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  toString(): string {
    return this.html;
  }
}

/** What a template may interpolate: false, null and undefined write nothing, so `${cond && html`…`}` reads as in Astro. */
export type Value = Markup | string | number | boolean | null | undefined | readonly Value[];

const SPECIAL = /[&<>"']/;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe as element content and inside a quoted attribute. */
export const escapeHtml = (text: string) => (SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c]!) : text);

function render(value: Value): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (value instanceof Markup) return value.html;
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined || typeof value === 'boolean') return '';
  let out = '';
  for (const v of value) out += render(v);
  return out;
}

/**
 * A template's own text with each line break and the indentation after it made one space, as a
 * browser reads it outside `<pre>` (where the templates put only values): a tenth of the model
 * pages' bytes was the source's indentation. Worked out once per template, since a template's
 * strings are the same array at every call.
 */
const tightened = new WeakMap<TemplateStringsArray, readonly string[]>();
function tight(strings: TemplateStringsArray): readonly string[] {
  let out = tightened.get(strings);
  if (!out) tightened.set(strings, (out = strings.map((s) => s.replace(/\n\s*/g, ' '))));
  return out;
}

export function html(strings: TemplateStringsArray, ...values: Value[]): Markup {
  const parts = tight(strings);
  let out = parts[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + parts[i + 1]!;
  return new Markup(out);
}
