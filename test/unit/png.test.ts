/**
 * The cards' PNG encoder, read back by the independent decoder of the tests: lossless, and as small as the image allows; and
 * the encoder of a frame with a band of its own per image, which must write the very bytes of the frame with the band in it.
 */
import { describe, expect, it } from 'vitest';
import { bandEncoder, encodePng } from '../../src/publish/cards/png.ts';
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

describe('bandEncoder', () => {
  const TOP = 6;
  const BAND = 8;
  const band = (colourOf: (i: number) => [number, number, number], alphaOf: (i: number) => number = () => 255): Buffer => {
    const rgba = Buffer.alloc(W * BAND * 4);
    for (let i = 0; i < W * BAND; i++) rgba.set([...colourOf(i), alphaOf(i)], i * 4);
    return rgba;
  };
  const composed = (frame: Buffer, rows: Buffer) => {
    const rgba = Buffer.from(frame);
    rows.copy(rgba, TOP * W * 4);
    return rgba;
  };
  /** The encoder's bytes for each band, each the bytes encodePng writes for the frame with the band in it. */
  function sameAsWhole(frame: Buffer, bands: Buffer[]): Buffer[] {
    const encoder = bandEncoder(frame, W, H, TOP, BAND);
    return bands.map((rows) => {
      const png = encoder.encode(rows);
      const whole = composed(frame, rows);
      expect(png.equals(encodePng(whole, W, H))).toBe(true);
      expect(Buffer.from(decodePng(png).rgba).equals(whole)).toBe(true);
      return png;
    });
  }
  // A frame of a few colours above the band and others below it, some of them shared: the colours below the band come
  // after the band's in the palette, so their indices differ from image to image.
  const frame = image((i) => {
    const row = Math.floor(i / W);
    if (row < TOP) return i % 7 === 0 ? [200, 0, 0] : [10, 20, 30];
    if (row >= TOP + BAND) return i % 5 === 0 ? [0, 200, 0] : i % 11 === 0 ? [200, 0, 0] : [0, 0, 90 + (i % 3)];
    return [255, 255, 255];
  });

  it('writes the bytes of the frame with the band in it, whatever colours the band shares with the frame', () => {
    const pngs = sameAsWhole(frame, [
      band((i) => (i % 3 === 0 ? [0, 200, 0] : [10, 20, 30])),
      band((i) => [i % 50, 7, 7]),
      band(() => [0, 0, 91]),
      band((i) => (i % 2 ? [200, 0, 0] : [1, 2, 3])),
      // 250 colours of its own: 256 in all with the frame's, a full palette.
      band((i) => [i % 250, 99, 99]),
    ]);
    expect(pngs.map(pngColourType)).toEqual([3, 3, 3, 3, 3]);
  });

  it('writes RGB when the band takes the colours past 256, and RGBA when it is not opaque, as encodePng does', () => {
    const pngs = sameAsWhole(frame, [
      band((i) => [i % 256, Math.floor(i / 256), 1]),
      // 253 colours above and in the band, and four new below it: the last of those is one too many.
      band((i) => [i % 251, 99, 99]),
      band(
        () => [5, 5, 5],
        (i) => (i === 17 ? 254 : 255),
      ),
    ]);
    expect(pngs.map(pngColourType)).toEqual([2, 2, 6]);
  });

  it('writes the same bytes for a frame that is not opaque or has more than 256 colours of its own, and for an unaligned band', () => {
    const rows = band((i) => (i % 4 ? [9, 9, 9] : [200, 0, 0]));
    const unaligned = Buffer.alloc(rows.length + 1).subarray(1);
    rows.copy(unaligned);
    sameAsWhole(frame, [unaligned]);
    sameAsWhole(
      image(
        () => [1, 1, 1],
        (i) => (i === W * H - 1 ? 0 : 255),
      ),
      [rows],
    );
    sameAsWhole(
      image((i) => [i % 256, i >> 8, 3]),
      [rows],
    );
  });
});
