/** A page's `<title>`: short enough for a search result or a tab, the page's own words first. */
import { describe, expect, it } from 'vitest';
import { pageTitle, TITLE_LENGTH } from '../../src/site/format/page-title.ts';

describe('pageTitle', () => {
  it('adds the site’s name to a short title, and is the site’s name alone without one', () => {
    expect(pageTitle('Leaderboard, page 2', 'Model Rankings Mirror')).toBe('Leaderboard, page 2 · Model Rankings Mirror');
    expect(pageTitle(undefined, 'Model Rankings Mirror')).toBe('Model Rankings Mirror');
  });

  it('drops the site’s name, then the end of the page’s own title at a word, past 70 characters', () => {
    const pair = 'Evil <img src=x> & Co (a long model name) vs Plain One';
    expect(pageTitle(pair, 'Model Rankings Mirror')).toBe(pair);
    const long = `${'Quillon '.repeat(12)}Ultra`;
    const title = pageTitle(long, 'Model Rankings Mirror');
    expect(title.length).toBeLessThanOrEqual(TITLE_LENGTH);
    expect(title).toMatch(/^Quillon( Quillon)*…$/);
  });
});
