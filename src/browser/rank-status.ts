/**
 * What `/rank/`'s status line says while a ranking's likely ranges are being made (its ranges worker
 * reads the data, then resamples the benchmarks: seconds, at 10,000 configurations on a phone, while
 * each ranked row shows a "…" where its range will be): after the list's "showing" line, the step
 * the worker is at, announced (the line is a polite live region) once a step, a few times a
 * ranking; and how long it has taken so far, rewritten at most every TICK_MS, which is not announced.
 * Short, so that with the "showing" line it fits the two lines the status line keeps on a phone
 * (src/styles/global.css): nothing below it moves as it comes and goes.
 */
import { formatCount } from '../site/format/format.ts';
import type { RangesProgress } from './rank-engine.ts';

/** How often the time taken is rewritten, at most: each change of the line lays out the page again. */
const TICK_MS = 250;

/** The step a ranking's ranges are at, in words. */
export function rangesStepText(p: RangesProgress | undefined): string {
  if (!p) return 'on the way';
  if (p.phase === 'load') return `reading ${p.done} of ${p.of} ${p.of === 1 ? 'file' : 'files'}`;
  return `resampling ${formatCount(p.models)} ${p.models === 1 ? 'model' : 'models'} ${formatCount(p.rounds)} times`;
}

/** The mark after the status line's text while the ranges of the ranking on screen are being made. */
export function rangesStatus() {
  const mark = document.createElement('span');
  mark.dataset.rangesStatus = '';
  const step = document.createElement('span');
  const time = document.createElement('span');
  // The seconds change too often to be read out; the step is.
  time.setAttribute('aria-hidden', 'true');
  mark.append('; likely ranges: ', step, time);
  let since = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const s = Math.floor((performance.now() - since) / 1000);
    const text = s >= 1 ? ` (${s} s)…` : '…';
    if (time.textContent !== text) time.textContent = text;
  };
  const hear = (p: RangesProgress | undefined) => {
    const text = rangesStepText(p);
    if (step.textContent !== text) step.textContent = text;
  };
  return {
    /** Shows the mark after `status`'s text (which the list rewrites at each draw, taking it away): for a ranking asked for at `started`, at step `p`. */
    show(status: HTMLElement, started: number, p: RangesProgress | undefined) {
      since = started;
      hear(p);
      tick();
      if (mark.parentElement !== status) status.append(mark);
      timer ??= setInterval(tick, TICK_MS);
    },
    hear,
    /** The ranges are in, or the ranking is no longer on screen. */
    hide() {
      clearInterval(timer);
      timer = undefined;
      mark.remove();
    },
  };
}
