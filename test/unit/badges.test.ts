/** Rank badges: the SVG as XML and as an image, the shields.io endpoint, and the snippets a README pastes. */
import { describe, expect, it } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import { load } from 'cheerio';
import { SaxesParser } from 'saxes';
import { badgeEndpoint, badgeLayout, badgeSvg, BADGE_PADDING, type BadgeFacts } from '../../src/site/files/badges.ts';
import { badgeEmbed } from '../../src/views/badge-embed.ts';
import { fontMeasure } from '../../src/site/files/font-metrics.ts';
import { cleanText } from '../../src/site/format/text.ts';
import { FONT_FILES } from '../../src/publish/cards/render-card.ts';

const HOSTILE = 'Evil <script>alert(1)</script> & "quotes" \u202eRTL\u0007 ]](javascript:x)';
const facts: BadgeFacts = { name: HOSTILE, rankText: '=3', rank: 3, of: 5684, scoreText: '87.41', generatedAt: Date.UTC(2026, 10, 16, 6), sample: false };
const measure = fontMeasure(FONT_FILES.regular);
const attribution = { attributionName: 'Ranking API "Official"', attributionUrl: 'https://ranking.example.org/?ref=mirror&lang=en' };

/** The document back from a real XML parser: its title, and every text node. */
function parse(svg: string): { title: string; texts: string[] } {
  const parser = new SaxesParser();
  const texts: string[] = [];
  let title = '';
  let inTitle = false;
  parser.on('opentag', (t) => (inTitle = t.name === 'title'));
  parser.on('text', (t) => (inTitle ? (title += t) : texts.push(t)));
  parser.on('closetag', () => (inTitle = false));
  parser.on('error', (e) => {
    throw e;
  });
  parser.write(svg).close();
  return { title, texts };
}

describe('the SVG badge', () => {
  it('is well-formed XML whatever the name holds, and names the model, rank, score, top 10 and date', () => {
    const { title, texts } = parse(badgeSvg(facts, measure, attribution));
    expect(title).toContain('Evil <script>alert(1)</script> & "quotes"');
    expect(title).toMatch(/model rank =3 of 5,684, supraScore 87\.41 \(expected win rate against the current top 10\), snapshot of 2026-11-16/);
    expect(texts.join(' ')).toContain('=3 of 5,684 · supraScore 87.41 vs top 10 · 2026-11-16');
  });

  it('draws each text inside its box even in a wider font than it was measured in', () => {
    const svg = badgeSvg(facts, measure, attribution);
    const [label, message] = badgeLayout(facts, measure);
    const zoom = 4;
    // Inter Bold is wider than the Inter Regular the widths come from: textLength must squeeze it in.
    const image = new Resvg(svg, {
      font: { loadSystemFonts: false, fontFiles: [FONT_FILES.bold], defaultFontFamily: 'Inter' },
      fitTo: { mode: 'zoom', value: zoom },
    }).render();
    // Read once: every read of `pixels` copies the whole image.
    const pixels = image.pixels;
    const white = (x: number, y: number) => {
      const at = (y * image.width + x) * 4;
      return pixels[at]! > 230 && pixels[at + 1]! > 230 && pixels[at + 2]! > 230;
    };
    for (const box of [label, message]) {
      const inked: number[] = [];
      for (let x = box.x * zoom; x < (box.x + box.width) * zoom; x++) for (let y = 0; y < image.height; y++) if (white(x, y)) inked.push(x / zoom);
      expect(inked.length, box.text).toBeGreaterThan(0);
      expect(Math.min(...inked), box.text).toBeGreaterThanOrEqual(box.x + BADGE_PADDING - 1);
      expect(Math.max(...inked), box.text).toBeLessThanOrEqual(box.x + box.width - BADGE_PADDING + 1);
    }
  });
});

describe('the shields.io endpoint', () => {
  it('holds only keys shields.io accepts, with schemaVersion 1 and the same message', () => {
    const endpoint = badgeEndpoint(facts);
    const accepted = [
      'schemaVersion',
      'label',
      'message',
      'color',
      'labelColor',
      'isError',
      'namedLogo',
      'logoSvg',
      'logoColor',
      'logoWidth',
      'style',
      'cacheSeconds',
    ];
    expect(Object.keys(endpoint).filter((k) => !accepted.includes(k))).toEqual([]);
    expect(endpoint).toMatchObject({ schemaVersion: 1, label: 'model rank', color: 'brightgreen', cacheSeconds: 3600 });
    expect(endpoint.message).toBe('=3 of 5,684 · supraScore 87.41 vs top 10 · 2026-11-16');
  });
});

describe('the embed snippets', () => {
  it('keep a hostile name inert in HTML: one link, one image, the name only in its alt text', () => {
    const $ = load(badgeEmbed({ segment: 'evil-1a2b3c4d', name: HOSTILE }, new URL('http://localhost:4321/')).html);
    expect($('a').length).toBe(1);
    expect($('img').length).toBe(1);
    expect($('script').length).toBe(0);
    expect($('img').attr('alt')).toBe(`Model rank of ${cleanText(HOSTILE)}`);
    expect($('a').attr('href')).toMatch(/^http:\/\/localhost:4321\/models\/evil-1a2b3c4d\/$/);
  });

  it('escape every character Markdown could read as syntax in the alt text', () => {
    const { markdown } = badgeEmbed({ segment: 'evil', name: HOSTILE }, new URL('http://localhost:4321/'));
    const alt = markdown.slice(3, markdown.indexOf('](http'));
    expect(alt).not.toMatch(/(?<!\\)[[\]()<>]/);
    expect(markdown).toMatch(/^\[!\[.*\]\(http:\/\/localhost:4321\/models\/evil\/badge\.svg\)\]\(http:\/\/localhost:4321\/models\/evil\/\)$/);
  });
});
