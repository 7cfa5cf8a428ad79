/** Paging a list: its page sizes (src/site/links/page-sizes.ts, where addresses follow from them), the page window and the pager. */
export { BENCHMARKS_PAGE_SIZE, LEADERBOARD_PAGE_SIZE } from '../links/page-sizes.ts';

/** Page numbers to show around the current one: first, last, and two on either side, with gaps. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** Rows a stepped draw of a list puts in the task that has them, about a first screen's worth; the others follow a few a frame (src/browser/list-view.ts). */
export const FIRST_ROWS = 10;

export const pageCount = (items: number, size: number) => Math.max(1, Math.ceil(items / size));

export type PagerItem = { kind: 'gap' } | { kind: 'prev' | 'next' | 'page'; page: number; label: string; current: boolean };

/** Previous, the page window with gaps, Next; nothing when there is one page. */
export function pagerItems(page: number, pages: number): PagerItem[] {
  if (pages <= 1) return [];
  const items: PagerItem[] = [];
  if (page > 1) items.push({ kind: 'prev', page: page - 1, label: 'Previous', current: false });
  for (const p of pageWindow(page, pages)) items.push(p === 'gap' ? { kind: 'gap' } : { kind: 'page', page: p, label: String(p), current: p === page });
  if (page < pages) items.push({ kind: 'next', page: page + 1, label: 'Next', current: false });
  return items;
}
