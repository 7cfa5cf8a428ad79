/**
 * What the scripts draw with: the markup of a view (src/views/parts/, made with the `html` tag, every
 * value escaped there) as elements, to put in the page. The one way a script turns markup into nodes.
 */
import type { Markup } from '../views/parts/html.ts';

/** A view's markup parsed, as a fragment of the document. */
function fragmentOf(markup: Markup | undefined): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = markup?.html ?? '';
  return template.content;
}

/** The elements a view's markup makes (the white space between them left out). */
export const nodesOf = (markup: Markup | undefined): Element[] => [...fragmentOf(markup).children];

/** The markup of a part of the page (text and elements) in place of what it held; the part hidden when there is none. */
export function put(element: Element | null, markup: Markup | undefined): void {
  if (!element) return;
  element.replaceChildren(fragmentOf(markup));
  (element as HTMLElement).hidden = markup === undefined;
}
