/**
 * The mirror's verdict on a benchmark in words (src/site/data/bench-verdict.ts makes it): three plain
 * words a visitor reads at a glance, and the figure behind them, the same on a benchmark's page and in
 * the benchmarks list, whoever draws it.
 */
import type { Verdict } from '../../site/data/bench-verdict.ts';
import { formatCount } from '../../site/format/format.ts';
import { html, type Markup } from './html.ts';

/** The verdict as a heading says it, and as a list's cell does. */
export const VERDICT_WORDS: Record<Verdict, { title: string; short: string }> = {
  separates: { title: 'Still separates the leaders', short: 'separates' },
  saturated: { title: 'Saturated', short: 'saturated' },
  'too-few': { title: 'Too few of the leaders scored', short: 'too few' },
};

/** A rank correlation as the site prints it: two decimals, a true minus sign. */
export const rhoText = (rho: number) => (rho < 0 ? `−${Math.abs(rho).toFixed(2)}` : rho.toFixed(2));

/** A gap in normalized points: "1 point", "2.4 points". */
export const pointsText = (n: number) => `${Number.isInteger(n) ? String(n) : n.toFixed(1)} point${n === 1 ? '' : 's'}`;

/** The verdict as a marker, with the adjacent pairs it told apart beneath where it has a verdict (a list's cell). */
export function verdictHtml(verdict: Verdict, separated: number, pairs: number): Markup {
  const figure = verdict !== 'too-few' && html` <span class="sub">${formatCount(separated)} of ${formatCount(pairs)} pairs apart</span>`;
  return html`<span class="verdict ${verdict}">${VERDICT_WORDS[verdict].short}</span>${figure}`;
}
