/** The benchmarks list as a list (its spec): its URL state both ways, which benchmarks a view shows, and what a row says. */
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { BENCHMARKS, benchmarkRows, type BenchmarkIndex, type BenchmarkListView, type IndexBench } from '../../src/site/lists/benchmarks.ts';
import { readView, selectRows, viewUrl } from '../../src/site/lists/list-spec.ts';
import { BENCHMARK_ROWS, listRowHtml } from '../../src/views/parts/list-table.ts';

const INDEX: BenchmarkIndex = {
  tags: ['code-generation', 'math', 'reasoning'],
  tagSegments: ['code-generation', 'math', 'reasoning'],
  benchmarks: [
    [1, 'ProofLadder', 'prooflad', 'prooflad', true, 82.5, 80.1, 70, 40, 12, [1, 2], 'separates', 8, 10, 0.41],
    [2, 'Polyglot Patch', 'codebench', 'codebench', false, 64.2, 64.22, 90, 55, 3, [0], 'saturated', 2, 10, 0.655],
    [3, 'Élan Vision', 'vision', 'vision', true, 30, null, 70, 7, 30, [], 'too-few', 1, 2, null],
    [4, 'Aux Bench', 'aux', 'aux', false, 1, 2.5, 10, 55, 1, [2], 'separates', 5, 6, -0.1],
  ] satisfies IndexBench[],
};
const ROWS = benchmarkRows(INDEX);
const PLAIN_BENCH_VIEW: BenchmarkListView = { ...BENCHMARKS.plain, page: 1 };
const view = (change: Partial<BenchmarkListView>): BenchmarkListView => ({ ...PLAIN_BENCH_VIEW, ...change });
const names = (state: BenchmarkListView) => selectRows(BENCHMARKS, ROWS, state).map((b) => b.name);
const benchmarkListUrl = (state: BenchmarkListView) => viewUrl(BENCHMARKS, state);
const readBenchmarkListState = (path: string, search: string) => readView(BENCHMARKS, path, search);
/** A row as the page and the script draw it, parsed. */
const drawn = (i: number) => load(`<table>${listRowHtml(BENCHMARKS, BENCHMARK_ROWS, ROWS[i]!).html}</table>`);

describe('the benchmarks list URL', () => {
  it('is the static page for a plain view', () => {
    expect([benchmarkListUrl(view({ page: 1 })), benchmarkListUrl(view({ page: 3 }))]).toEqual(['/benchmarks/', '/benchmarks/page/3/']);
  });

  it('is the first page with the view in its query otherwise', () => {
    expect(benchmarkListUrl(view({ official: true, tag: 'math', sort: 'quality', dir: 'asc', page: 2 }))).toBe(
      '/benchmarks/?official=1&tag=math&sort=quality&dir=asc&page=2',
    );
  });

  it('reads back the view it was written from', () => {
    const state = view({ q: 'x y', official: true, tag: 'a&b', sort: 'raters', dir: 'asc', page: 4 });
    const url = new URL(benchmarkListUrl(state), 'https://mirror.example');
    expect(readBenchmarkListState(url.pathname, url.search)).toEqual(state);
  });

  it('takes the page from the path of a static page', () => {
    expect(readBenchmarkListState('/benchmarks/page/2/', '')).toEqual(view({ page: 2 }));
  });

  it('falls back to weight order, every source and page 1 for values it does not know', () => {
    expect(readBenchmarkListState('/benchmarks/', '?sort=evil&dir=up&page=-4&official=0')).toEqual(PLAIN_BENCH_VIEW);
    expect(readBenchmarkListState('/benchmarks/view/nope/', '')).toEqual(PLAIN_BENCH_VIEW);
  });

  it('is a pre-rendered view’s own page for that view, and the query once anything else changes', () => {
    expect([
      benchmarkListUrl(view({ verdict: 'separates' })),
      benchmarkListUrl(view({ verdict: 'separates', page: 2 })),
      benchmarkListUrl(view({ sort: 'verdict', dir: 'desc' })),
      benchmarkListUrl(view({ sort: 'agreement', dir: 'desc', page: 3 })),
      benchmarkListUrl(view({ verdict: 'separates', tag: 'math' })),
      benchmarkListUrl(view({ verdict: 'separates', q: 'x' })),
      benchmarkListUrl(view({ sort: 'agreement', dir: 'asc' })),
    ]).toEqual([
      '/benchmarks/view/separates/',
      '/benchmarks/view/separates/2/',
      '/benchmarks/view/by-verdict/',
      '/benchmarks/view/by-agreement/3/',
      '/benchmarks/?tag=math&verdict=separates',
      '/benchmarks/?q=x&verdict=separates',
      '/benchmarks/?sort=agreement&dir=asc',
    ]);
  });

  it('reads a pre-rendered view and its page from its path, the query first', () => {
    expect(readBenchmarkListState('/benchmarks/view/separates/2/', '')).toEqual(view({ verdict: 'separates', page: 2 }));
    expect(readBenchmarkListState('/benchmarks/view/by-agreement/', '')).toEqual(view({ sort: 'agreement', dir: 'desc' }));
    expect(readBenchmarkListState('/benchmarks/view/by-agreement/', '?dir=asc')).toEqual(view({ sort: 'agreement', dir: 'asc' }));
    expect(readBenchmarkListState('/benchmarks/view/separates/', '?verdict=saturated&page=2')).toEqual(view({ verdict: 'saturated', page: 2 }));
    for (const v of [view({ verdict: 'too-few' }), view({ verdict: 'separates', page: 4 }), view({ sort: 'verdict', dir: 'desc', page: 2 })]) {
      const url = new URL(benchmarkListUrl(v), 'https://mirror.example');
      expect(readBenchmarkListState(url.pathname, url.search)).toEqual(v);
    }
  });

  it('heads a pre-rendered view with what it shows', () => {
    expect([BENCHMARKS.heading(1, 1, view({ verdict: 'separates' })), BENCHMARKS.title(2, view({ sort: 'agreement', dir: 'desc', page: 2 }))]).toEqual([
      'Benchmarks that still separate the leaders',
      'Benchmarks by their agreement with the others, page 2',
    ]);
    expect(BENCHMARKS.heading(1, 1, view({ verdict: 'saturated' }))).toBe('How much each benchmark counts');
  });
});

describe('the benchmarks of a view', () => {
  it('keeps only official sources when asked', () => {
    expect(names(view({ official: true }))).toEqual(['ProofLadder', 'Élan Vision']);
  });

  it('keeps the benchmarks carrying a tag, and none for a tag the index does not hold', () => {
    expect([names(view({ tag: 'reasoning' })), names(view({ tag: 'retired-tag' }))]).toEqual([['ProofLadder', 'Aux Bench'], []]);
  });

  it('finds a benchmark by a tag named with another form of its word, accents aside', () => {
    expect([names(view({ q: 'coding' })), names(view({ q: 'elan' }))]).toEqual([['Polyglot Patch'], ['Élan Vision']]);
  });

  it('sorts by a column, ties in weight order', () => {
    expect(names(view({ sort: 'quality', dir: 'desc' }))).toEqual(['Polyglot Patch', 'ProofLadder', 'Élan Vision', 'Aux Bench']);
  });

  it('keeps the benchmarks with a verdict on the leaders', () => {
    expect([names(view({ verdict: 'separates' })), names(view({ verdict: 'too-few' }))]).toEqual([['ProofLadder', 'Aux Bench'], ['Élan Vision']]);
  });

  it('sorts by verdict (still separates, saturated, too few), then by the share of pairs told apart', () => {
    expect(names(view({ sort: 'verdict', dir: 'desc' }))).toEqual(['Aux Bench', 'ProofLadder', 'Polyglot Patch', 'Élan Vision']);
  });

  it('sorts by agreement, a benchmark compared with none last', () => {
    expect(names(view({ sort: 'agreement', dir: 'desc' }))).toEqual(['Polyglot Patch', 'ProofLadder', 'Aux Bench', 'Élan Vision']);
  });

  it('sorts names alphabetically', () => {
    expect(names(view({ sort: 'name', dir: 'asc' }))).toEqual(['Aux Bench', 'Élan Vision', 'Polyglot Patch', 'ProofLadder']);
  });
});

describe('what a benchmarks row says', () => {
  it('shows a change of weight that reads at one decimal, and no other', () => {
    const changes = ROWS.map((_, i) =>
      drawn(i)('td.num .sub')
        .map((_, el) => [[drawn(i)(el).attr('class'), drawn(i)(el).text()]])
        .get(),
    );
    expect(changes).toEqual([[['sub up', '+2.4 since the previous snapshot']], [], [], [['sub down', '−1.5 since the previous snapshot']]]);
  });

  it('links its name and each tag to their pages', () => {
    const $ = drawn(0);
    expect([
      $('th > a').attr('href'),
      $('a.tag')
        .map((_, a) => [[$(a).text(), $(a).attr('href')]])
        .get(),
    ]).toEqual([
      '/benchmarks/prooflad/',
      [
        ['math', '/tags/math/'],
        ['reasoning', '/tags/reasoning/'],
      ],
    ]);
  });

  it('says its verdict on the leaders in a word, with the pairs told apart, and its mean agreement', () => {
    const said = (i: number) => [drawn(i)('td.verdict-cell').text().replace(/\s+/g, ' ').trim(), drawn(i)('td.agreement').text()];
    expect(ROWS.map((_, i) => said(i))).toEqual([
      ['separates 8 of 10 pairs apart', '0.41'],
      ['saturated 2 of 10 pairs apart', '0.66'],
      ['too few', '–'],
      ['separates 5 of 6 pairs apart', '−0.10'],
    ]);
  });

  it('marks an official source', () => {
    expect([drawn(0)('.official').length, drawn(1)('.official').length]).toEqual([1, 0]);
  });

  it('captions the table with its order', () => {
    expect([BENCHMARKS.caption!(PLAIN_BENCH_VIEW), BENCHMARKS.caption!({ sort: 'name', dir: 'desc' })]).toEqual([
      'Benchmarks sorted by effectiveWeight, highest first',
      'Benchmarks sorted by name, Z to A',
    ]);
  });
});
