/**
 * A PNG encoder for the cards. A card is opaque and drawn in a few flat colours and their
 * anti-aliased edges (about 140 colours in all), so it is written as an indexed image: one byte a
 * pixel and a palette, about 23 KB a card, where 8-bit RGBA took about 60 KB. The encoding is
 * lossless: an image with more than 256 colours is written as RGB, one with any transparency as
 * RGBA.
 *
 * Every card of a build is the same frame with its own band of rows in it: `bandEncoder` indexes
 * the frame's rows once and each card's band alone, and writes the very bytes `encodePng` writes for
 * the frame with the band copied into it (which it falls back to when the band is not opaque or
 * the colours overflow the palette).
 */
import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PALETTE_MAX = 256;
const COLOUR_TYPE = { rgb: 2, indexed: 3, rgba: 6 } as const;

function isOpaque(rgba: Buffer, from = 0, to = rgba.length): boolean {
  for (let at = from + 3; at < to; at += 4) if (rgba[at] !== 255) return false;
  return true;
}

/** Each pixel of `rgba` as one number (alpha included, so equal numbers are equal colours). */
const pixelsOf = (rgba: Buffer): Uint32Array =>
  rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2) : new Uint32Array(Uint8Array.from(rgba).buffer);

/** The colours of an indexed image so far, numbered in the order their first pixels come, and their RGB bytes. */
interface Palette {
  index: Map<number, number>;
  bytes: Buffer;
}

const newPalette = (): Palette => ({ index: new Map(), bytes: Buffer.alloc(PALETTE_MAX * 3) });
const copyPalette = (p: Palette): Palette => ({ index: new Map(p.index), bytes: Buffer.from(p.bytes) });

/**
 * Rows [from, to) of `rgba` (`pixels` its view as numbers) as palette indices into `lines` from
 * `linesAt`, each row led by its filter type 0 (none, left as it is in `lines`), the palette taking
 * each new colour's bytes from its first pixel whatever the machine's byte order. False when a colour
 * would be the 257th, or with `opaqueOnly` when a new colour is not fully opaque.
 */
function indexRows(
  rgba: Buffer,
  pixels: Uint32Array,
  width: number,
  from: number,
  to: number,
  palette: Palette,
  lines: Uint8Array,
  linesAt: number,
  opaqueOnly: boolean,
): boolean {
  const { index, bytes } = palette;
  // Most pixels repeat their left neighbour, so the last colour is checked before the map.
  let last = -1;
  let lastIndex = 0;
  let out = linesAt;
  for (let y = from; y < to; y++) {
    out++;
    for (let at = y * width, end = at + width; at < end; at++) {
      const colour = pixels[at]!;
      if (colour !== last) {
        let found = index.get(colour);
        if (found === undefined) {
          if (index.size === PALETTE_MAX || (opaqueOnly && rgba[at * 4 + 3] !== 255)) return false;
          rgba.copy(bytes, index.size * 3, at * 4, at * 4 + 3);
          index.set(colour, (found = index.size));
        }
        last = colour;
        lastIndex = found;
      }
      lines[out++] = lastIndex;
    }
  }
  return true;
}

/**
 * The scanlines of an opaque image as palette indices, each line led by its filter type 0 (none),
 * and the palette as RGB triples; undefined when the image has more colours than a palette holds.
 */
function indexed(rgba: Buffer, width: number, height: number): { lines: Buffer; palette: Buffer } | undefined {
  const palette = newPalette();
  const lines = Buffer.alloc((width + 1) * height);
  if (!indexRows(rgba, pixelsOf(rgba), width, 0, height, palette, lines, 0, false)) return undefined;
  return { lines, palette: palette.bytes.subarray(0, palette.index.size * 3) };
}

/** Scanlines of `channels` bytes a pixel (3 drops alpha), each led by its filter type 0 (none). */
function direct(rgba: Buffer, width: number, height: number, channels: 3 | 4): Buffer {
  const stride = width * channels;
  const lines = Buffer.alloc((stride + 1) * height);
  if (channels === 4) {
    for (let y = 0; y < height; y++) rgba.copy(lines, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
    return lines;
  }
  let out = 0;
  for (let at = 0; at < rgba.length; at += 4) {
    if (at % (width * 4) === 0) out++;
    lines[out++] = rgba[at]!;
    lines[out++] = rgba[at + 1]!;
    lines[out++] = rgba[at + 2]!;
  }
  return lines;
}

function png(width: number, height: number, colourType: number, lines: Uint8Array, palette?: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample (per palette index for an indexed image)
  header[9] = colourType;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    ...(palette ? [chunk('PLTE', palette)] : []),
    // Level 5: an indexed card packs to 23 KB at about 8 ms, level 1 to 30 KB, level 9 to 21.5 KB at 50 ms.
    chunk('IDAT', deflateSync(lines, { level: 5 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** PNG bytes of `rgba`: width × height pixels of 4 bytes, as resvg renders them. */
export function encodePng(rgba: Buffer, width: number, height: number): Buffer {
  const opaque = isOpaque(rgba);
  const asIndexed = opaque ? indexed(rgba, width, height) : undefined;
  if (asIndexed) return png(width, height, COLOUR_TYPE.indexed, asIndexed.lines, asIndexed.palette);
  return png(width, height, opaque ? COLOUR_TYPE.rgb : COLOUR_TYPE.rgba, direct(rgba, width, height, opaque ? 3 : 4));
}

/**
 * The encoder of the images that are `frame` (width × height pixels of 4 bytes) with rows
 * [top, top + bandHeight) replaced by a band: `encode(band)` gives the bytes `encodePng` gives for
 * that image. The frame's rows above the band are indexed once and their scanlines kept; its rows
 * below, once, with colours of their own, which each image maps onto its palette after the band's.
 */
export function bandEncoder(frame: Buffer, width: number, height: number, top: number, bandHeight: number): { encode(band: Buffer): Buffer } {
  const bottom = top + bandHeight;
  const stride = width + 1;
  const composed = (band: Buffer) => {
    const rgba = Buffer.from(frame);
    band.copy(rgba, top * width * 4);
    return encodePng(rgba, width, height);
  };
  const fallback = { encode: composed };
  if (frame.length !== width * height * 4 || top < 0 || bottom > height) throw new Error('the band is not inside the frame');
  if (!isOpaque(frame, 0, top * width * 4) || !isOpaque(frame, bottom * width * 4)) return fallback;
  const framePixels = pixelsOf(frame);
  // Above the band: its scanlines stay as they are in `lines`, which each image overwrites below them.
  const above = newPalette();
  const lines = Buffer.alloc(stride * height);
  if (!indexRows(frame, framePixels, width, 0, top, above, lines, 0, false)) return fallback;
  // Below the band: indices into a palette of its own, in the order its colours first come.
  const below = newPalette();
  const belowLines = Buffer.alloc(stride * (height - bottom));
  if (!indexRows(frame, framePixels, width, bottom, height, below, belowLines, 0, false)) return fallback;
  const belowColours = [...below.index];
  const toPalette = new Uint8Array(PALETTE_MAX);
  return {
    encode(band) {
      if (band.length !== width * bandHeight * 4) throw new Error(`a band of ${band.length} bytes, not ${width * bandHeight * 4}`);
      const palette = copyPalette(above);
      if (!indexRows(band, pixelsOf(band), width, 0, bandHeight, palette, lines, top * stride, true)) return composed(band);
      // The colours below the band, in their order there: those the image has not had yet come next in its palette.
      for (const [colour, own] of belowColours) {
        let found = palette.index.get(colour);
        if (found === undefined) {
          if (palette.index.size === PALETTE_MAX) return composed(band);
          below.bytes.copy(palette.bytes, palette.index.size * 3, own * 3, own * 3 + 3);
          palette.index.set(colour, (found = palette.index.size));
        }
        toPalette[own] = found;
      }
      for (let y = 0; y < height - bottom; y++) {
        const to = (bottom + y) * stride + 1;
        const from = y * stride + 1;
        for (let x = 0; x < width; x++) lines[to + x] = toPalette[belowLines[from + x]!]!;
      }
      return png(width, height, COLOUR_TYPE.indexed, lines, palette.bytes.subarray(0, palette.index.size * 3));
    },
  };
}
