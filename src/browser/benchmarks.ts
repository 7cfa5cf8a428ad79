/**
 * Enhances the static benchmarks list: sort by a column, keep official sources only, filter by a tag
 * or search words, and page, each change a history entry that Back undoes. Without this script every
 * benchmark is still on a static page. With it, other views are drawn from the compact index
 * (`/data/benchmark-list.json`, fetched on the first change) into clones of the row the page's own
 * component rendered, with the site's own helpers: the script never builds markup from strings.
 */
import type { BenchmarkIndex, IndexBench } from '../site/benchmark-index.ts';
import { selectBenchmarks } from '../site/benchmark-list-select.ts';
import {
  BENCH_FIRST_DIR,
  PLAIN_BENCH_VIEW,
  benchmarkListUrl,
  readBenchmarkListState,
  sameBenchView,
  type BenchSortKey,
  type BenchmarkListState,
} from '../site/benchmark-list-state.ts';
import { benchmarkRow, benchmarksCaption, benchmarksHeading, benchmarksTitle, type BenchmarkRowView } from '../site/benchmark-list-view.ts';
import { showingLine } from '../site/leaderboard-view.ts';
import { chooseOption, fillChips, listView, need, searchAsYouType, sortHeaders, type ActiveFilter } from './list-view.ts';

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
  const chips = need<HTMLElement>(root, '[data-chips]');
  const caption = need(root, '[data-caption]');
  const chipProto = need(need<HTMLTemplateElement>(root, 'template[data-chip-template]').content, 'li');
  const fields = {
    q: form.elements.namedItem('q') as HTMLInputElement,
    tag: form.elements.namedItem('tag') as HTMLSelectElement,
    official: form.elements.namedItem('official') as HTMLInputElement,
  };
  const markSorted = sortHeaders(root, (key) => {
    const sort = key as BenchSortKey;
    const now = list.wanted();
    const dir = now.sort === sort ? (now.dir === 'asc' ? 'desc' : 'asc') : BENCH_FIRST_DIR[sort];
    void list.show({ ...now, sort, dir, page: 1 }, 'push');
  });

  function sync(s: BenchmarkListState): void {
    if (document.activeElement !== fields.q) fields.q.value = s.q;
    const knownTag = chooseOption(fields.tag, s.tag);
    fields.official.checked = s.official;
    const change = (part: Partial<BenchmarkListState>, focus: HTMLElement) => () => {
      if (part.q === '') fields.q.value = '';
      void list.show({ ...list.wanted(), ...part, page: 1 }, 'push');
      focus.focus();
    };
    const active: ActiveFilter[] = [];
    if (s.q) active.push({ label: `Search: “${s.q}”`, remove: change({ q: '' }, fields.q) });
    if (s.official) active.push({ label: 'Official sources only', remove: change({ official: false }, fields.official) });
    if (s.tag) active.push({ label: `Tag: ${s.tag}${knownTag ? '' : ' (not in this snapshot)'}`, remove: change({ tag: '' }, fields.tag) });
    fillChips(chips, chipProto, active);
    markSorted(s.sort, s.dir);
    caption.textContent = benchmarksCaption(s);
  }

  const list = listView<BenchmarkListState, BenchmarkIndex, IndexBench>(
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
      sync,
    },
    document.querySelector('[data-benchmarks-heading]'),
  );

  const search = searchAsYouType(
    fields.q,
    () => list.wanted().q,
    (q, entry) => void list.show({ ...list.wanted(), q, page: 1 }, entry),
  );
  fields.tag.addEventListener('change', () => void list.show({ ...list.wanted(), tag: fields.tag.value, page: 1 }, 'push'));
  fields.official.addEventListener('change', () => void list.show({ ...list.wanted(), official: fields.official.checked, page: 1 }, 'push'));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    search();
  });
  form.addEventListener('reset', (e) => {
    e.preventDefault();
    fields.q.value = '';
    void list.show(PLAIN_BENCH_VIEW, 'push');
  });

  form.hidden = false;
  list.start();
}
