/** A list's pager: Previous, the pages around this one with gaps, Next. The pages render it and a list's script redraws it. */
import { pagerItems } from '../../site/lists/pagination.ts';
import { html, type Markup } from './html.ts';

/** Nothing when there is one page. */
export function pagerHtml(page: number, pages: number, hrefFor: (n: number) => string, label: string): Markup | undefined {
  const items = pagerItems(page, pages);
  if (items.length === 0) return undefined;
  // prettier-ignore
  const links = items.map((item) =>
    item.kind === 'gap'
      ? html`<span class="gap">…</span>`
      : html`<a href="${hrefFor(item.page)}"${item.kind !== 'page' && html` rel="${item.kind}"`}${item.current && html` aria-current="page"`}>${item.label}</a>`,
  );
  // prettier-ignore
  return html`<nav class="pager" aria-label="${label}" data-pager> ${links} </nav>`;
}
