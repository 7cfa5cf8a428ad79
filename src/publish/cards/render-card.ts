/**
 * Renders a card to PNG: satori lays it out with the Inter font from its npm package and draws
 * its text as paths, resvg rasterizes the SVG (no system fonts: the output is the same on every
 * machine), and the PNG is encoded for an opaque image. The frame every card of a build shares is
 * rasterized and indexed once; each card then renders only its body band, which is encoded into the
 * frame's rows (`bandEncoder`: the bytes of the frame with the band copied into it).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { CARD_HEIGHT, CARD_WIDTH, type CardInput } from '../../site/files/cards.ts';
import { BODY_HEIGHT, BODY_TOP, bodyElement, frameElement, type Element, type FrameInput } from './card-design.ts';
import { fontMeasure, type Measure } from '../../site/files/font-metrics.ts';
import { bandEncoder } from './png.ts';

const require = createRequire(import.meta.url);

/** The card's font, from the npm package (nothing is fetched). */
export const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
} as const;

/**
 * What decides how a card looks besides its inputs: the design and this renderer, the font and the
 * libraries. A card of the previous build is reused only when this is unchanged.
 */
export function rendererVersion(): string {
  const hash = createHash('sha256');
  // The design, its size and its measure of text (which cuts a long name) besides the renderer.
  const own = ['./card-design.ts', './render-card.ts', './png.ts', '../../site/files/cards.ts', '../../site/files/font-metrics.ts'];
  for (const file of own) hash.update(readFileSync(new URL(file, import.meta.url)));
  for (const name of ['satori', '@resvg/resvg-js', '@expo-google-fonts/inter']) hash.update(`${name}@${require(`${name}/package.json`).version}\0`);
  for (const file of Object.values(FONT_FILES)) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

export interface CardRenderer {
  /** A card's body as SVG; with `embedFont: false` its text stays text, which tests read to check the layout. */
  bodySvg(input: CardInput, options?: { embedFont?: boolean }): Promise<string>;
  /** The frame of a card as SVG, the whole card's size with its band empty. */
  frameSvg(input: FrameInput): Promise<string>;
  png(input: CardInput): Promise<Buffer>;
  measureBold: Measure;
}

export function createCardRenderer(): CardRenderer {
  const fonts = [
    { name: 'Inter', data: readFileSync(FONT_FILES.regular), weight: 400 as const, style: 'normal' as const },
    { name: 'Inter', data: readFileSync(FONT_FILES.bold), weight: 700 as const, style: 'normal' as const },
  ];
  const measureBold = fontMeasure(FONT_FILES.bold);
  const svgOf = (element: Element, height: number, embedFont = true) =>
    satori(element as Parameters<typeof satori>[0], { width: CARD_WIDTH, height, fonts, embedFont });
  const raster = (svg: string) => new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().pixels;
  const frameSvg = (input: FrameInput) => svgOf(frameElement(input), CARD_HEIGHT);
  const frames = new Map<string, Promise<ReturnType<typeof bandEncoder>>>();
  const frameOf = (input: FrameInput) => {
    const key = JSON.stringify([input.date, input.attribution, input.sample]);
    let frame = frames.get(key);
    if (!frame) {
      const encoder = frameSvg(input).then((svg) => bandEncoder(raster(svg), CARD_WIDTH, CARD_HEIGHT, BODY_TOP, BODY_HEIGHT));
      frames.set(key, (frame = encoder));
    }
    return frame;
  };
  const bodySvg = (input: CardInput, { embedFont = true } = {}) => svgOf(bodyElement(input, measureBold), BODY_HEIGHT, embedFont);
  return {
    bodySvg,
    frameSvg,
    measureBold,
    async png(input) {
      const frame = await frameOf(input);
      return frame.encode(raster(await bodySvg(input)));
    },
  };
}
