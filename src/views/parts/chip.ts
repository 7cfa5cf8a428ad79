/** An active filter of a list, as its script shows it above the table: what it is, and a button that removes it. */
import { html, type Markup } from './html.ts';

export const chipHtml = (label: string): Markup =>
  html`<li class="chip"><span>${label}</span> <button type="button" class="chip-remove" aria-label="Remove the filter ${label}">×</button></li>`;
