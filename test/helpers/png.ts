/** A PNG read back independently of the encoder that wrote it: its size from the IHDR bytes, and its pixels. */
import { inflateSync } from 'node:zlib';

const SIGNATURE = '89504e470d0a1a0a';

/** Width and height from the IHDR chunk, which must come first. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(0, 8).toString('hex') !== SIGNATURE) throw new Error('not a PNG signature');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('the first chunk is not IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The colour type byte of the IHDR chunk: 2 RGB, 3 indexed (palette), 6 RGBA. */
export function pngColourType(png: Buffer): number {
  pngSize(png);
  return png[25]!;
}

/** RGBA pixels of an 8-bit RGB, RGBA or indexed PNG, any filter, no interlace. */
export function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8Array } {
  const { width, height } = pngSize(png);
  const colourType = png[25];
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : colourType === 3 ? 1 : 0;
  if (png[24] !== 8 || !channels || png[28] !== 0) throw new Error('only 8-bit RGB, RGBA or indexed PNGs without interlace are read here');
  const idat: Buffer[] = [];
  let palette: Buffer | undefined;
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    if (type === 'PLTE') palette = png.subarray(at + 8, at + 8 + length);
    at += 12 + length;
  }
  if (colourType === 3 && !palette) throw new Error('an indexed PNG without a PLTE chunk');
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter]!;
      cur[i] = (line[i]! + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      if (palette) {
        const entry = cur[x]! * 3;
        if (entry + 3 > palette.length) throw new Error(`palette index ${cur[x]} beyond the palette's ${palette.length / 3} colours`);
        for (let k = 0; k < 3; k++) out[(y * width + x) * 4 + k] = palette[entry + k]!;
        out[(y * width + x) * 4 + 3] = 255;
        continue;
      }
      for (let k = 0; k < 3; k++) out[(y * width + x) * 4 + k] = cur[x * channels + k]!;
      out[(y * width + x) * 4 + 3] = channels === 4 ? cur[x * channels + 3]! : 255;
    }
    prev = cur;
  }
  return { width, height, rgba: out };
}

/** Columns [from, to) of every row that differ from `background` (#rrggbb), as [x, y] pairs. */
export function inkIn(image: { width: number; height: number; rgba: Uint8Array }, from: number, to: number, background: string): [number, number][] {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16));
  const found: [number, number][] = [];
  for (let y = 0; y < image.height; y++)
    for (let x = from; x < to; x++) {
      const at = (y * image.width + x) * 4;
      if (image.rgba[at] !== r || image.rgba[at + 1] !== g || image.rgba[at + 2] !== b) found.push([x, y]);
    }
  return found;
}
