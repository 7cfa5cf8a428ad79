/** The leaderboard as a list (its spec): its URL state both ways, which models a view shows, and what a row says. */
import { describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { LEADERBOARD, leaderboardRows, type IndexModel, type LeaderboardIndex, type LeaderboardView } from '../../src/site/lists/leaderboard.ts';
import { readView, selectRows, showingLine, viewUrl } from '../../src/site/lists/list-spec.ts';
import { movementView } from '../../src/site/lists/movement.ts';
import { pagerItems } from '../../src/site/lists/pagination.ts';
import { LEADERBOARD_ROWS, listRowHtml } from '../../src/views/parts/list-table.ts';

const INDEX: LeaderboardIndex = {
  providers: ['Acme', 'Élan Labs'],
  tags: ['code-generation', 'reasoning', 'math', 'vision', 'agents'],
  tagSegments: ['code-generation', 'reasoning', 'math', 'vision', 'agents'],
  providerSegments: ['acme', 'elan-labs'],
  models: [
    [
      1,
      'Quillon 3',
      'quillon-3',
      'quillon-3-high',
      0,
      91.25,
      30,
      [0, 1, 2, 3, 4],
      [
        ['quillon-3-high', 'Quillon 3 (high)', 91.25, 'quillon-3-high', '91.3'],
        ['quillon-3-low', 'Quillon 3 (low)', 84.5, 'quillon-3-low', '84.5'],
      ],
      '+2',
      'quillon-3',
      '1',
      '91.3',
      [1, 2],
      0,
    ],
    [
      2,
      'Mist X',
      'mist-x',
      'mistral-x',
      1,
      88.1,
      12,
      [1],
      [['mistral-x', 'Mist X (preview)', 88.1, 'mistral-x', '88.1']],
      'new',
      'mist-x',
      '=2',
      '88.1',
      [1, 3],
      1,
    ],
    [3, 'Plain', 'plain', 'plain-1', 0, 88.1, 40, [], [['plain-1', 'Plain', 88.1, 'plain-1', '88.1']], '', 'plain', '=2', '88.1', null, 0],
  ] satisfies IndexModel[],
  kept: { modelPages: 1_000, configurationPages: 1_000 },
};
const ROWS = leaderboardRows(INDEX);
const PLAIN_VIEW: LeaderboardView = { ...LEADERBOARD.plain, page: 1 };
const view = (change: Partial<LeaderboardView>): LeaderboardView => ({ ...PLAIN_VIEW, ...change });
const names = (state: LeaderboardView) => selectRows(LEADERBOARD, ROWS, state).map((m) => m.name);
const leaderboardUrl = (state: LeaderboardView) => viewUrl(LEADERBOARD, state);
const readLeaderboardState = (path: string, search: string) => readView(LEADERBOARD, path, search);
/** A row as the page and the script draw it, parsed. */
const drawn = (i: number) => load(`<table>${listRowHtml(LEADERBOARD, LEADERBOARD_ROWS, ROWS[i]!).html}</table>`);

describe('the leaderboard URL', () => {
  it('is the static page for a plain view', () => {
    expect([leaderboardUrl(view({ page: 1 })), leaderboardUrl(view({ page: 3 }))]).toEqual(['/', '/leaderboard/3/']);
  });

  it('is the home page with the view in its query otherwise', () => {
    expect(leaderboardUrl(view({ tag: 'math', sort: 'name', dir: 'desc', page: 2 }))).toBe('/?tag=math&sort=name&dir=desc&page=2');
  });

  it('reads back the view it was written from', () => {
    const state = view({ q: 'x y', tag: 'a&b', provider: 'Élan Labs', sort: 'score', dir: 'asc', page: 4 });
    const url = new URL(leaderboardUrl(state), 'https://mirror.example');
    expect(readLeaderboardState(url.pathname, url.search)).toEqual(state);
  });

  it('takes the page from the path of a static page', () => {
    expect(readLeaderboardState('/leaderboard/2/', '').page).toBe(2);
  });

  it('lets a page in the query win over the path', () => {
    expect(readLeaderboardState('/leaderboard/2/', '?sort=name&page=3')).toEqual(view({ sort: 'name', dir: 'asc', page: 3 }));
  });

  it('falls back to rank order and page 1 for values it does not know', () => {
    expect(readLeaderboardState('/', '?sort=evil&dir=up&page=-4')).toEqual(PLAIN_VIEW);
  });
});

describe('the models of a view', () => {
  it('shows none for a tag the index does not hold', () => {
    expect(names(view({ tag: 'retired-tag' }))).toEqual([]);
  });

  it('finds a model by a tag named with another form of its word', () => {
    expect(names(view({ q: 'coding' }))).toEqual(['Quillon 3']);
  });

  it('needs every search word, matched in name, provider or tags, accents aside', () => {
    expect(names(view({ q: 'elan reason' }))).toEqual(['Mist X']);
  });

  it('orders ties of the sorted column by rank', () => {
    expect(names(view({ sort: 'score', dir: 'desc' }))).toEqual(['Quillon 3', 'Mist X', 'Plain']);
  });

  it('does not match a word that is only a stem of nothing it carries', () => {
    expect(selectRows(LEADERBOARD, [ROWS[2]!], view({ q: 'coding' }))).toEqual([]);
  });
});

describe('what a row says', () => {
  it('lists the configurations of a model that has several', () => {
    const $ = drawn(0);
    expect(
      $('details.configs li')
        .map((_, li) => [[$(li).find('a').text(), $(li).find('a').attr('href'), $(li).find('.s').text()]])
        .get(),
    ).toEqual([
      ['Quillon 3 (high)', '/configurations/quillon-3-high/', '91.3'],
      ['Quillon 3 (low)', '/configurations/quillon-3-low/', '84.5'],
    ]);
    expect([$('summary').text(), $('.model-name > .sub:not(.narrow-only)').length]).toEqual(['2 configurations', 0]);
  });

  it('names the only configuration when its name differs from the model’s', () => {
    const [one, plain] = [drawn(1), drawn(2)];
    expect([one('.model-name > .sub:not(.narrow-only)').text(), one('details').length, plain('.model-name > .sub:not(.narrow-only)').length]).toEqual([
      'Mist X (preview)',
      0,
      0,
    ]);
  });

  it('marks movement for the eye and for a screen reader', () => {
    expect([movementView('+2'), movementView('-1'), movementView('='), movementView('new'), movementView('')]).toEqual([
      { kind: 'up', shown: '▲2', said: 'up 2 since the previous snapshot' },
      { kind: 'down', shown: '▼1', said: 'down 1 since the previous snapshot' },
      { kind: 'same', shown: '–', said: 'unchanged since the previous snapshot' },
      { kind: 'new', shown: 'new', said: 'new since the previous snapshot' },
      undefined,
    ]);
  });

  it('shows the likely model rank under the rank, said whole to a screen reader, and nothing without one', () => {
    expect([drawn(0)('.rank .likely').text(), drawn(1)('.rank .likely').text(), drawn(2)('.rank .likely').length]).toEqual([
      'likely model rank 1–2',
      'likely model rank 1–3',
      0,
    ]);
    expect(drawn(0)('.rank .likely .visually-hidden').text()).toBe('likely model rank ');
  });

  it('marks a model the evidence cannot tell from the one ranked above it, said whole to a screen reader', () => {
    expect([drawn(0)('.rank .tied').length, drawn(1)('.rank .tied').length, drawn(2)('.rank .tied').length]).toEqual([0, 1, 0]);
    expect(drawn(1)('.rank .tied .visually-hidden').text()).toBe('tied with the model above');
    expect(drawn(1)('.rank .tied [aria-hidden]').text()).toBe('≈');
  });

  it('shows three tags and counts the others', () => {
    const $ = drawn(0);
    expect([
      $('a.tag')
        .map((_, a) => $(a).text())
        .get(),
      $('li.more').text(),
    ]).toEqual([['code-generation', 'reasoning', 'math'], '+2']);
  });

  it('has a cell under each header of the table', () => {
    expect(drawn(0)('tr > *').length).toBe(LEADERBOARD.columns.length);
  });

  it('says which rows it shows, and of how many', () => {
    expect([showingLine(101, 77, 177, 177, 'model'), showingLine(1, 4, 4, 177, 'model'), showingLine(1, 0, 0, 177, 'model')]).toEqual([
      'Showing 101–177 of 177 models',
      'Showing 1–4 of 4 models (filtered from 177)',
      'No model matches these filters.',
    ]);
  });
});

describe('the pager', () => {
  it('links Previous, the window around the page with gaps, and Next', () => {
    expect(pagerItems(5, 9).map((i) => (i.kind === 'gap' ? '…' : `${i.label}${i.current ? '*' : ''}`))).toEqual([
      'Previous',
      '1',
      '…',
      '3',
      '4',
      '5*',
      '6',
      '7',
      '…',
      '9',
      'Next',
    ]);
  });

  it('is empty for a single page', () => {
    expect(pagerItems(1, 1)).toEqual([]);
  });
});
