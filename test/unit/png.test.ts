/** The cards' PNG encoder, read back by the independent decoder of the tests: lossless, and as small as the image allows. */
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/publish/cards/png.ts';
import { decodePng, pngColourType } from '../helpers/png.ts';

const W = 40;
const H = 20;

/** An opaque image whose pixel i has colour `colourOf(i)`. */
function image(colourOf: (i: number) => [number, number, number], alphaOf: (i: number) => number = () => 255): Buffer {
  const rgba = Buffer.alloc(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    const [r, g, b] = colourOf(i);
    rgba.set([r, g, b, alphaOf(i)], i * 4);
  }
  return rgba;
}

function roundTrip(rgba: Buffer): { png: Buffer; back: Uint8Array } {
  const png = encodePng(rgba, W, H);
  const decoded = decodePng(png);
  expect({ width: decoded.width, height: decoded.height }).toEqual({ width: W, height: H });
  return { png, back: decoded.rgba };
}

describe('encodePng', () => {
  it('writes an opaque image of up to 256 colours as an indexed PNG with exactly its pixels', () => {
    // 256 colours, in runs and alone, so both the repeated-colour path and the palette lookup are taken.
    const rgba = image((i) => {
      const c = Math.floor(i / 3) % 256;
      return [c, 255 - c, (c * 7) % 256];
    });
    const { png, back } = roundTrip(rgba);
    expect(pngColourType(png)).toBe(3);
    expect(Buffer.from(back).equals(rgba)).toBe(true);
  });

  it('writes an opaque image of more than 256 colours as RGB, losing nothing', () => {
    const rgba = image((i) => [i % 256, Math.floor(i / 256), 9]);
    const { png, back } = roundTrip(rgba);
    expect(pngColourType(png)).toBe(2);
    expect(Buffer.from(back).equals(rgba)).toBe(true);
  });

  it('keeps transparency: an image with one translucent pixel is written as RGBA', () => {
    const rgba = image(
      () => [20, 30, 40],
      (i) => (i === W * H - 1 ? 128 : 255),
    );
    const { png, back } = roundTrip(rgba);
    expect(pngColourType(png)).toBe(6);
    expect(Buffer.from(back).equals(rgba)).toBe(true);
  });

  it('reads the pixels right from a buffer that does not start on a 4-byte boundary', () => {
    const rgba = image((i) => (i % 5 === 0 ? [250, 10, 10] : [10, 10, 250]));
    const unaligned = Buffer.alloc(rgba.length + 1).subarray(1);
    rgba.copy(unaligned);
    const png = encodePng(unaligned, W, H);
    expect(pngColourType(png)).toBe(3);
    expect(Buffer.from(decodePng(png).rgba).equals(rgba)).toBe(true);
  });
});
