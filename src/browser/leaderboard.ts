/**
 * Enhances the static leaderboard: filter by tag, provider and text, sort by column, with the
 * state in the URL. Without this script every row is still on a static page; with it, the rows
 * come from the compact index (`/data/leaderboard.json`), fetched on the first change only.
 */
import type { IndexModel, LeaderboardIndex } from '../site/leaderboard-index.ts';

type SortKey = 'rank' | 'name' | 'provider' | 'score' | 'benchCount';
type Dir = 'asc' | 'desc';

interface State {
  q: string;
  tag: string;
  provider: string;
  sort: SortKey;
  dir: Dir;
  page: number;
}

const SORT_KEYS: readonly SortKey[] = ['rank', 'name', 'provider', 'score', 'benchCount'];
/** The direction a column sorts in when first chosen: best first. */
const FIRST_DIR: Record<SortKey, Dir> = { rank: 'asc', name: 'asc', provider: 'asc', score: 'desc', benchCount: 'desc' };
const TAGS_SHOWN = 3;

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const score = (n: number) => n.toFixed(1);
const count = new Intl.NumberFormat('en-US');

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function readState(params: URLSearchParams, serverPage: number): State {
  const sort = params.get('sort') as SortKey | null;
  const key = sort && SORT_KEYS.includes(sort) ? sort : 'rank';
  const dir = params.get('dir');
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    provider: params.get('provider') ?? '',
    sort: key,
    dir: dir === 'asc' || dir === 'desc' ? dir : FIRST_DIR[key],
    page: Number.isInteger(page) && page > 0 ? page : serverPage,
  };
}

const isDefaultView = (s: State) => !s.q && !s.tag && !s.provider && s.sort === 'rank' && s.dir === 'asc';

function writeState(state: State, serverPage: number): void {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.tag) params.set('tag', state.tag);
  if (state.provider) params.set('provider', state.provider);
  if (state.sort !== 'rank' || state.dir !== 'asc') {
    params.set('sort', state.sort);
    params.set('dir', state.dir);
  }
  if (state.page !== (isDefaultView(state) ? serverPage : 1)) params.set('page', String(state.page));
  const query = params.toString();
  history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
}

function select(index: LeaderboardIndex, state: State): IndexModel[] {
  const q = fold(state.q.trim());
  const tag = state.tag ? index.tags.indexOf(state.tag) : -1;
  const provider = state.provider ? index.providers.indexOf(state.provider) : -1;
  const rows = index.models.filter((m) => {
    if (state.tag && !m[7].includes(tag)) return false;
    if (state.provider && m[4] !== provider) return false;
    if (!q) return true;
    const text = fold([m[1], m[2], index.providers[m[4]] ?? '', ...m[8].map((c) => c[1])].join(' '));
    return q.split(/\s+/).every((word) => text.includes(word));
  });
  const sign = state.dir === 'asc' ? 1 : -1;
  const by: Record<SortKey, (a: IndexModel, b: IndexModel) => number> = {
    rank: (a, b) => a[0] - b[0],
    name: (a, b) => a[1].localeCompare(b[1], 'en'),
    provider: (a, b) => (index.providers[a[4]] ?? '').localeCompare(index.providers[b[4]] ?? '', 'en'),
    score: (a, b) => a[5] - b[5],
    benchCount: (a, b) => a[6] - b[6],
  };
  return rows.sort((a, b) => sign * by[state.sort](a, b) || a[0] - b[0]);
}

function movementNode(code: string): Node {
  if (!code) return document.createTextNode('');
  if (code === 'new') return el('span', { class: 'movement new' }, 'new');
  const kind = code === '=' ? 'same' : code.startsWith('+') ? 'up' : 'down';
  const by = code.slice(1);
  const shown = kind === 'same' ? '–' : `${kind === 'up' ? '▲' : '▼'}${by}`;
  const said = kind === 'same' ? 'unchanged since the previous snapshot' : `${kind} ${by} since the previous snapshot`;
  return el('span', { class: `movement ${kind}` }, el('span', { 'aria-hidden': 'true' }, shown), el('span', { class: 'visually-hidden' }, said));
}

function rowNode(m: IndexModel, index: LeaderboardIndex, base: string): HTMLTableRowElement {
  const [, name, , , provider, supraScore, benchCount, tagIds, configs, movement, modelSegment, rankText, scoreText] = m;
  const providerName = index.providers[provider] ?? '';
  const nameCell = el(
    'th',
    { scope: 'row', class: 'model-name' },
    el('a', { href: `${base}models/${modelSegment}/` }, name),
    el('span', { class: 'sub narrow-only' }, providerName),
  );
  if (configs.length > 1) {
    const list = el(
      'ul',
      {},
      ...configs.map(([, cname, , segment, shown]) =>
        el('li', {}, el('a', { href: `${base}configurations/${segment}/` }, cname), el('span', { class: 's' }, shown)),
      ),
    );
    nameCell.append(el('details', { class: 'configs' }, el('summary', {}, `${configs.length} configurations`), list));
  } else if (configs[0] && configs[0][1] !== name) {
    nameCell.append(el('span', { class: 'sub' }, configs[0][1]));
  }
  const tags = tagIds.map((i) => [index.tags[i] ?? '', index.tagSegments[i] ?? ''] as const);
  const tagList = el(
    'ul',
    { class: 'tags' },
    ...tags.slice(0, TAGS_SHOWN).map(([t, segment]) => el('li', {}, el('a', { class: 'tag', href: `${base}tags/${segment}/` }, t))),
  );
  if (tags.length > TAGS_SHOWN) tagList.append(el('li', { class: 'more' }, `+${tags.length - TAGS_SHOWN}`));
  const bar = el('span', { class: 'bar', 'aria-hidden': 'true' });
  bar.style.setProperty('--w', `${supraScore.toFixed(1)}%`);
  return el(
    'tr',
    {},
    el('td', { class: 'rank' }, el('strong', {}, rankText), ' ', movementNode(movement)),
    nameCell,
    el('td', { class: 'wide-only provider' }, providerName),
    el('td', { class: 'num' }, el('span', { class: 'score' }, el('span', {}, scoreText), bar)),
    el('td', { class: 'num wide-only' }, String(benchCount)),
    el('td', { class: 'wide-only' }, tagList),
  );
}

function pagerNode(page: number, pages: number, go: (page: number) => void): HTMLElement {
  const nav = el('nav', { class: 'pager', 'aria-label': 'Leaderboard pages', 'data-pager': '' });
  const button = (label: string, target: number, current = false) => {
    const b = el('button', { type: 'button' }, label);
    if (current) b.setAttribute('aria-current', 'page');
    b.addEventListener('click', () => go(target));
    return b;
  };
  if (page > 1) nav.append(button('Previous', page - 1));
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  let last = 0;
  for (const p of [...shown].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b)) {
    if (p - last > 1) nav.append(el('span', { class: 'gap' }, '…'));
    nav.append(button(String(p), p, p === page));
    last = p;
  }
  if (page < pages) nav.append(button('Next', page + 1));
  return nav;
}

export function enhanceLeaderboard(): void {
  const root = document.querySelector<HTMLElement>('[data-leaderboard]');
  const form = root?.querySelector('form');
  const tbody = root?.querySelector('tbody');
  const status = root?.querySelector<HTMLElement>('[data-status]');
  if (!root || !form || !tbody || !status) return;
  const base = root.dataset.base ?? '/';
  const serverPage = Number(root.dataset.page) || 1;
  const pageSize = Number(root.dataset.pageSize) || 100;
  const original = { rows: [...tbody.children], status: status.textContent ?? '', pager: root.querySelector('[data-pager]') };
  let pager = original.pager;
  let index: Promise<LeaderboardIndex> | undefined;
  let state = readState(new URLSearchParams(location.search), serverPage);
  let rendered = 0;

  const fields = {
    q: form.elements.namedItem('q') as HTMLInputElement,
    tag: form.elements.namedItem('tag') as HTMLSelectElement,
    provider: form.elements.namedItem('provider') as HTMLSelectElement,
  };
  const headers = [...root.querySelectorAll<HTMLTableCellElement>('th[data-sort]')];
  for (const th of headers) {
    const button = el('button', { type: 'button', class: 'sort' }, ...th.childNodes);
    button.addEventListener('click', () => {
      const key = th.dataset.sort as SortKey;
      const dir = state.sort === key ? (state.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[key];
      update({ sort: key, dir, page: 1 });
    });
    th.append(button);
  }

  const replacePager = (next: Element | null) => {
    if (pager && next) pager.replaceWith(next);
    else if (pager) pager.remove();
    else if (next) root.append(next);
    pager = next;
  };

  async function render(): Promise<void> {
    const ticket = ++rendered;
    for (const th of headers) {
      if (th.dataset.sort === state.sort) th.setAttribute('aria-sort', state.dir === 'asc' ? 'ascending' : 'descending');
      else th.removeAttribute('aria-sort');
    }
    if (isDefaultView(state) && state.page === serverPage) {
      tbody!.replaceChildren(...original.rows);
      status!.textContent = original.status;
      replacePager(original.pager);
      return;
    }
    status!.textContent = 'Loading…';
    let data: LeaderboardIndex;
    try {
      index ??= fetch(root!.dataset.index!).then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json() as Promise<LeaderboardIndex>;
      });
      data = await index;
    } catch {
      index = undefined;
      status!.textContent = 'The leaderboard index could not be loaded; the static pages below still work.';
      return;
    }
    if (ticket !== rendered) return; // a newer change is already rendering
    const rows = select(data, state);
    const pages = Math.max(1, Math.ceil(rows.length / pageSize));
    state.page = Math.min(state.page, pages);
    const start = (state.page - 1) * pageSize;
    const shown = rows.slice(start, start + pageSize);
    tbody!.replaceChildren(...shown.map((m) => rowNode(m, data, base)));
    status!.textContent = rows.length
      ? `Showing ${count.format(start + 1)}–${count.format(start + shown.length)} of ${count.format(rows.length)} models${rows.length < data.models.length ? ` (filtered from ${count.format(data.models.length)})` : ''}`
      : 'No model matches these filters.';
    replacePager(pages > 1 ? pagerNode(state.page, pages, (p) => update({ page: p }, true)) : null);
  }

  function update(change: Partial<State>, scroll = false): void {
    state = { ...state, ...change };
    writeState(state, serverPage);
    void render().then(() => {
      if (scroll) root!.scrollIntoView({ block: 'start' });
    });
  }

  fields.q.value = state.q;
  fields.tag.value = state.tag;
  fields.provider.value = state.provider;
  let typing: ReturnType<typeof setTimeout> | undefined;
  fields.q.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => update({ q: fields.q.value, page: 1 }), 150);
  });
  fields.tag.addEventListener('change', () => update({ tag: fields.tag.value, page: 1 }));
  fields.provider.addEventListener('change', () => update({ provider: fields.provider.value, page: 1 }));
  form.addEventListener('submit', (e) => e.preventDefault());
  form.addEventListener('reset', () => {
    setTimeout(() => update({ q: '', tag: '', provider: '', sort: 'rank', dir: 'asc', page: serverPage }));
  });
  form.hidden = false;
  void render();
}
