/**
 * Enhances the search box: as a visitor types, Pagefind (loaded from `/pagefind/` on first focus)
 * lists the matching model, configuration, benchmark and tag pages under the box. The box is a
 * plain form: Enter, or no JavaScript, filters the leaderboard with `/?q=`. Results are filled
 * into clones of the server-rendered template as text.
 */
import { excerptParts, SEARCH_RESULTS_SHOWN, searchStatus } from '../site/search.ts';

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
  const panel = form?.querySelector<HTMLElement>('[data-search-results]');
  const status = panel?.querySelector<HTMLElement>('[data-search-status]');
  const list = panel?.querySelector<HTMLElement>('[data-search-list]');
  const item = form?.querySelector<HTMLTemplateElement>('template[data-search-item]')?.content.firstElementChild;
  if (!form || !input || !panel || !status || !list || !item) return;

  let engine: Promise<Pagefind> | undefined;
  const load = () =>
    (engine ??= (import(/* @vite-ignore */ `${form.dataset.pagefindUrl}pagefind.js`) as Promise<Pagefind>).then(async (pagefind) => {
      await pagefind.options({ baseUrl: form.getAttribute('action') ?? '/' });
      return pagefind;
    }));

  const fill = (data: PagefindData) => {
    const li = item.cloneNode(true) as Element;
    const link = li.querySelector('a')!;
    link.setAttribute('href', data.url);
    li.querySelector('.search-kind')!.textContent = data.meta.kind ?? '';
    li.querySelector('.search-title')!.textContent = data.meta.title ?? data.url;
    li.querySelector('.search-excerpt')!.replaceChildren(
      ...excerptParts(data.excerpt).map((p) => {
        if (!p.mark) return document.createTextNode(p.text);
        const mark = document.createElement('mark');
        mark.textContent = p.text;
        return mark;
      }),
    );
    return li;
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
