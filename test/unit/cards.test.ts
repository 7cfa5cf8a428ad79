/** Link-preview cards: what they show, their files, and the images satori and resvg make of them. */
import { beforeAll, describe, expect, it } from 'vitest';
import { SaxesParser } from 'saxes';
import { Resvg } from '@resvg/resvg-js';
import { CARD_HEIGHT, CARD_WIDTH, cardFile, cardText, type CardInput } from '../../src/site/files/cards.ts';
import { BACKGROUND, BODY_TOP, CONTENT_WIDTH, PADDING } from '../../src/publish/cards/card-design.ts';
import { encodePng } from '../../src/publish/cards/png.ts';
import { createCardRenderer, type CardRenderer } from '../../src/publish/cards/render-card.ts';
import { decodePng, inkIn, pngColourType, pngSize } from '../helpers/png.ts';

const common = { date: '2026-11-16', attribution: 'Data: AI Model Ranking API', sample: true };
const LONG = `Quillon 3 Ultra ${'Max '.repeat(40)}Preview`;
const model = (name: string, provider = 'Quillon Labs'): CardInput => ({
  ...common,
  kind: 'model',
  model: { rank: '=3', name, provider, score: '87.41' },
  of: 5684,
  configurations: 3,
});

/** The texts of satori's SVG when it keeps text as text: content, x and font size of each run. */
function texts(svg: string): { text: string; x: number; size: number }[] {
  const out: { text: string; x: number; size: number }[] = [];
  let open: { x: number; size: number } | undefined;
  const parser = new SaxesParser();
  parser.on('opentag', (t) => {
    if (t.name === 'text') open = { x: Number(t.attributes.x), size: Number(t.attributes['font-size']) };
  });
  parser.on('text', (text) => {
    if (open) out.push({ text, ...open });
  });
  parser.on('closetag', () => (open = undefined));
  parser.write(svg).close();
  return out;
}

let render: CardRenderer;
beforeAll(() => {
  render = createCardRenderer();
});

describe('card files', () => {
  it('names a card by a hash of everything it shows, so a changed input is a new file', () => {
    const a = cardFile('models/quillon-3', model('Quillon 3'));
    expect(a).toMatch(/^og\/models\/quillon-3-[0-9a-f]{12}\.png$/);
    expect(cardFile('models/quillon-3', model('Quillon 3'))).toBe(a);
    expect(cardFile('models/quillon-3', { ...model('Quillon 3'), date: '2026-11-17' })).not.toBe(a);
  });

  it('drops directional controls and control characters from third-party text', () => {
    expect(cardText('\u202eevil\u202c name\u0007')).toBe('evil name');
  });
});

describe('card images', () => {
  it('renders a 1200×630 PNG', async () => {
    expect(pngSize(await render.png(model('Quillon 3')))).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it("writes each card's PNG as encodePng writes the frame with the card's body rasterized into it", async () => {
    // The renderer indexes the frame once and each body alone (bandEncoder): these are the bytes it must give.
    const raster = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().pixels;
    const cards: CardInput[] = [
      model('Quillon 3'),
      { ...common, kind: 'tag', tag: 'coding', top: { rank: '1', name: 'Quillon 3', provider: 'Quillon Labs', score: '91.2' }, models: 40 },
      { ...common, kind: 'leaderboard', models: 3, top: [1, 2, 3].map((i) => ({ rank: String(i), name: `Model ${i}`, provider: 'P', score: '90.0' })) },
      { ...common, kind: 'site', title: 'AI Model Ranking', counts: '5,684 models', sample: false },
    ];
    for (const card of cards) {
      const whole = Buffer.from(raster(await render.frameSvg(card)));
      raster(await render.bodySvg(card)).copy(whole, BODY_TOP * CARD_WIDTH * 4);
      expect((await render.png(card)).equals(encodePng(whole, CARD_WIDTH, CARD_HEIGHT)), card.kind).toBe(true);
    }
  });

  it('writes a card as an indexed PNG of a few tens of kilobytes: its anti-aliased colours fit a palette', async () => {
    const png = await render.png(model('Quillon 3'));
    expect(pngColourType(png)).toBe(3);
    // As 8-bit RGBA, the encoder's earlier form, the same card took about 60 KB.
    expect(png.length).toBeLessThan(35_000);
  });

  it('ends a name too long for its box with an ellipsis that satori placed inside the box', async () => {
    const runs = texts(await render.bodySvg(model(LONG), { embedFont: false }));
    const name = runs.find((r) => r.text.endsWith('…'))!;
    expect(name.text.length).toBeLessThan(LONG.length);
    expect(name.x + render.measureBold(name.text, name.size)).toBeLessThanOrEqual(PADDING + CONTENT_WIDTH + 1);
  });

  it('draws no glyph outside the content box, however long the names are', async () => {
    const cards: CardInput[] = [
      model(LONG, 'P'.repeat(200)),
      { ...common, kind: 'tag', tag: 'x'.repeat(300), top: { rank: '1', name: LONG, provider: LONG, score: '99.99' }, models: 12_345 },
      { ...common, kind: 'leaderboard', models: 3, top: [1, 2, 3].map((i) => ({ rank: String(i), name: LONG, provider: LONG, score: '100.0000' })) },
    ];
    for (const card of cards) {
      const image = decodePng(await render.png(card));
      expect(inkIn(image, 0, PADDING - 1, BACKGROUND), card.kind).toEqual([]);
      expect(inkIn(image, PADDING + CONTENT_WIDTH + 1, CARD_WIDTH, BACKGROUND), card.kind).toEqual([]);
    }
  });
});
