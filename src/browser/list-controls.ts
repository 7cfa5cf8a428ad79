/**
 * The controls a list's script puts on its page beside the rows (src/browser/list-view.ts): a select
 * that shows a value the URL names, sort buttons in the headers, and search as the visitor types.
 */

/** A select shows a value from the URL even when its list does not hold it; true when the list holds it. */
export function chooseOption(select: HTMLSelectElement, value: string): boolean {
  for (const extra of select.querySelectorAll('option[data-extra]')) extra.remove();
  const known = !value || [...select.options].some((o) => o.value === value);
  if (!known) {
    const option = new Option(`${value} (not in this snapshot)`, value);
    option.dataset.extra = '';
    select.append(option);
  }
  select.value = value;
  return known;
}

/** Puts a sort button in each header with a `data-sort` key, and returns what marks the one the view is sorted by. */
export function sortHeaders(root: ParentNode, onSort: (key: string) => void) {
  const headers = [...root.querySelectorAll<HTMLTableCellElement>('th[data-sort]')];
  for (const th of headers) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'sort';
    button.append(...th.childNodes);
    button.addEventListener('click', () => onSort(th.dataset.sort!));
    th.append(button);
  }
  return (sort: string, dir: 'asc' | 'desc') => {
    for (const th of headers) {
      if (th.dataset.sort === sort) th.setAttribute('aria-sort', dir === 'asc' ? 'ascending' : 'descending');
      else th.removeAttribute('aria-sort');
    }
  };
}

/** Searches as the visitor types: one history entry per visit to the field, not one per pause. */
export function searchAsYouType(input: HTMLInputElement, current: () => string, apply: (q: string, entry: 'push' | 'replace') => void): () => void {
  let typing: ReturnType<typeof setTimeout> | undefined;
  let typedEntry = false;
  const search = () => {
    clearTimeout(typing);
    if (input.value === current()) return;
    apply(input.value, typedEntry ? 'replace' : 'push');
    typedEntry = true;
  };
  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(search, 250);
  });
  input.addEventListener('blur', () => {
    search();
    typedEntry = false;
  });
  return search;
}
