/**
 * Enhances the search box: as a visitor types, Pagefind (loaded from `/pagefind/` on first focus)
 * lists the matching model, configuration, benchmark and tag pages under the box. The box is a
 * plain form: Enter, or no JavaScript, filters the leaderboard with `/?q=`. The list exists only
 * with this script, so it makes it; results are written into it as text.
 */
import { excerptParts, SEARCH_RESULTS_SHOWN, searchStatus } from '../site/format/search.ts';

interface PagefindData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}
interface Pagefind {
  options(options: { baseUrl: string }): Promise<void>;
  debouncedSearch(query: string, options?: object, ms?: number): Promise<{ results: { data(): Promise<PagefindData> }[] } | null>;
}

export function enhanceSearch(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-site-search]');
  const input = form?.querySelector<HTMLInputElement>('input[name="q"]');
  if (!form || !input) return;
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, ...children: Node[]) => {
    const el = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    el.append(...children);
    return el;
  };
  const hint = element('p', { id: 'site-search-hint', class: 'visually-hidden' });
  hint.textContent = 'Enter filters the leaderboard; as you type, matching pages of every kind are listed below the box.';
  const status = element('p', { class: 'meta', role: 'status', 'data-search-status': '' });
  const list = element('ol', { class: 'list-plain', 'data-search-list': '' });
  const panel = element('div', { id: 'site-search-results', class: 'search-results', 'data-search-results': '' }, status, list);
  panel.hidden = true;
  form.append(hint, panel);
  input.setAttribute('aria-controls', panel.id);
  input.setAttribute('aria-describedby', hint.id);

  let engine: Promise<Pagefind> | undefined;
  const load = () =>
    (engine ??= (import(/* @vite-ignore */ `${form.dataset.pagefindUrl}pagefind.js`) as Promise<Pagefind>).then(async (pagefind) => {
      await pagefind.options({ baseUrl: form.getAttribute('action') ?? '/' });
      return pagefind;
    }));

  const text = (tag: 'span' | 'mark', className: string, value: string) => {
    const el = element(tag, className ? { class: className } : {});
    el.textContent = value;
    return el;
  };
  const fill = (data: PagefindData) => {
    const link = element(
      'a',
      { href: data.url },
      text('span', 'search-kind', data.meta.kind ?? ''),
      document.createTextNode(' '),
      text('span', 'search-title', data.meta.title ?? data.url),
    );
    const excerpt = element(
      'p',
      { class: 'search-excerpt' },
      ...excerptParts(data.excerpt).map((p) => (p.mark ? text('mark', '', p.text) : document.createTextNode(p.text))),
    );
    return element('li', {}, link, excerpt);
  };

  const close = () => {
    panel.hidden = true;
  };
  input.addEventListener('focus', () => void load().catch(() => {}), { once: true });
  input.addEventListener('input', async () => {
    const query = input.value.trim();
    if (!query) return close();
    try {
      const search = await (await load()).debouncedSearch(query, {}, 150);
      // A newer keystroke took over.
      if (search === null || input.value.trim() !== query) return;
      const found = await Promise.all(search.results.slice(0, SEARCH_RESULTS_SHOWN).map((r) => r.data()));
      if (input.value.trim() !== query) return;
      status.textContent = searchStatus(search.results.length, query);
      list.replaceChildren(...found.map(fill));
    } catch {
      status.textContent = 'Search is not available here. Enter filters the leaderboard.';
      list.replaceChildren();
    }
    panel.hidden = false;
  });
  form.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });
  document.addEventListener('click', (e) => {
    if (!form.contains(e.target as Node)) close();
  });
}
