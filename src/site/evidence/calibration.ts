/**
 * The latest default run of `npm run calibrate` (src/dev/calibrate/), as the about page states it:
 * how often the published ranges, sets and comparisons held against fields whose truth is known.
 * Written down by hand from the run's report; docs/site.md has the whole table.
 */
export const CALIBRATION = {
  run: 'to be measured',
  likely: { overall: '–', thirds: '–', top20: '–' },
  joint: '–',
  separatesWrong: '–',
} as const;
