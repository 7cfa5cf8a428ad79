/**
 * Enhances the static benchmarks list: sort by a column, keep official sources only, filter by a tag
 * or search words, and page, each change a history entry that Back undoes. Without this script every
 * benchmark is still on a static page. With it, other views are drawn from the compact index
 * (`/data/benchmark-list.json`, fetched on the first change) into clones of the row the page's own
 * component rendered, with the site's own helpers: the script never builds markup from strings.
 */
import type { BenchmarkIndex, IndexBench } from '../site/lists/benchmark-index.ts';
import { selectBenchmarks } from '../site/lists/benchmark-list-select.ts';
import {
  BENCH_FIRST_DIR,
  PLAIN_BENCH_VIEW,
  benchmarkListUrl,
  readBenchmarkListState,
  sameBenchView,
  type BenchmarkListState,
} from '../site/lists/benchmark-list-state.ts';
import { benchmarkRow, benchmarksCaption, benchmarksHeading, benchmarksTitle, type BenchmarkRowView } from '../site/lists/benchmark-list-view.ts';
import { showingLine } from '../site/lists/leaderboard-view.ts';
import { enhanceList, need, selectFilter, type ActiveFilter } from './list-view.ts';

/** A clone of the template row, filled with one benchmark. */
function fillRow(proto: Element, row: BenchmarkRowView): Element {
  const tr = proto.cloneNode(true) as Element;
  need(tr, 'td.rank').textContent = row.position;
  const link = need(tr, 'th > a');
  link.setAttribute('href', row.href);
  link.textContent = row.name;
  if (!row.official) need(tr, 'th > .official').remove();
  need(tr, '.score > span:first-child').textContent = row.weight;
  need(tr, '.score > .bar').setAttribute('style', row.bar);
  const change = need(tr, '.sub');
  if (row.change) {
    change.className = `sub ${row.change.kind}`;
    change.textContent = row.change.text;
  } else change.remove();
  need(tr, 'td.quality').textContent = row.quality;
  need(tr, 'td.models').textContent = row.models;
  need(tr, 'td.raters').textContent = row.raters;
  const tags = need(tr, 'ul.tags');
  const item = tags.querySelector('li');
  tags.replaceChildren(
    ...(item ? row.tags : []).map((t, i) => {
      const li = item!.cloneNode(true) as Element;
      const a = need(li, 'a');
      a.setAttribute('href', row.tagHrefs[i]!);
      a.textContent = t;
      return li;
    }),
  );
  return tr;
}

export function enhanceBenchmarkList(): void {
  const root = document.querySelector<HTMLElement>('[data-benchmarks]');
  if (!root?.querySelector('template[data-row-template]')) return;
  const form = need<HTMLFormElement>(root, 'form');
  const caption = need(root, '[data-caption]');
  const tag = form.elements.namedItem('tag') as HTMLSelectElement;
  const official = form.elements.namedItem('official') as HTMLInputElement;

  enhanceList<BenchmarkListState, BenchmarkIndex, IndexBench>(
    {
      root,
      what: 'benchmark index',
      plain: PLAIN_BENCH_VIEW,
      read: readBenchmarkListState,
      url: benchmarkListUrl,
      same: sameBenchView,
      select: selectBenchmarks,
      size: (data) => data.benchmarks.length,
      fill: (proto, data, b) => fillRow(proto, benchmarkRow(data, b)),
      heading: benchmarksHeading,
      title: benchmarksTitle,
      showing: (first, shown, total, all) => showingLine(first, shown, total, all, 'benchmark'),
      firstDir: BENCH_FIRST_DIR,
      fields: [
        [tag, () => ({ tag: tag.value })],
        [official, () => ({ official: official.checked })],
      ],
      sync: (s) => {
        official.checked = s.official;
        caption.textContent = benchmarksCaption(s);
        const onlyOfficial: ActiveFilter<BenchmarkListState>[] = s.official
          ? [{ label: 'Official sources only', clear: { official: false }, field: official }]
          : [];
        return [...onlyOfficial, ...selectFilter(tag, s.tag, 'Tag', { tag: '' })];
      },
    },
    document.querySelector('[data-benchmarks-heading]'),
  );
}
