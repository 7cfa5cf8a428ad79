/**
 * Advance widths from a TrueType font file (its `cmap`, `hhea` and `hmtx` tables), to size badge
 * text without a layout engine. Kerning is left out: a badge's text is fitted to the measured
 * width by its `textLength`, whatever font the viewer has.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The font the badges and the cards are drawn in, from the project's own node_modules (resolved from
 * its folder, which the build, its render and its worker all run in, wherever their code was bundled).
 */
export const INTER_REGULAR = createRequire(join(process.cwd(), 'package.json')).resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf');

export type Measure = (text: string, fontSize: number) => number;

function tables(font: Buffer): Map<string, { offset: number; length: number }> {
  const count = font.readUInt16BE(4);
  const out = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    out.set(font.toString('latin1', at, at + 4), { offset: font.readUInt32BE(at + 8), length: font.readUInt32BE(at + 12) });
  }
  return out;
}

/** Code point to glyph id from the Unicode BMP subtable (format 4). */
function readCmap(font: Buffer, offset: number): (codePoint: number) => number {
  const subtables = font.readUInt16BE(offset + 2);
  for (let i = 0; i < subtables; i++) {
    const at = offset + 4 + i * 8;
    const platform = font.readUInt16BE(at);
    const encoding = font.readUInt16BE(at + 2);
    const sub = offset + font.readUInt32BE(at + 4);
    if (font.readUInt16BE(sub) !== 4 || !((platform === 3 && encoding === 1) || platform === 0)) continue;
    const segments = font.readUInt16BE(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    return (cp) => {
      if (cp > 0xffff) return 0;
      for (let s = 0; s < segments; s++) {
        if (cp > font.readUInt16BE(ends + s * 2)) continue;
        const start = font.readUInt16BE(starts + s * 2);
        if (cp < start) return 0;
        const delta = font.readInt16BE(deltas + s * 2);
        const rangeOffset = font.readUInt16BE(ranges + s * 2);
        if (rangeOffset === 0) return (cp + delta) & 0xffff;
        const glyph = font.readUInt16BE(ranges + s * 2 + rangeOffset + (cp - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('the font has no Unicode cmap subtable of format 4');
}

/** A measure of text in the font at `path`, in pixels at a given size. */
export function fontMeasure(path: string): Measure {
  const font = readFileSync(path);
  const t = tables(font);
  const head = t.get('head')!.offset;
  const hhea = t.get('hhea')!.offset;
  const hmtx = t.get('hmtx')!.offset;
  const unitsPerEm = font.readUInt16BE(head + 18);
  const metrics = font.readUInt16BE(hhea + 34);
  const glyphOf = readCmap(font, t.get('cmap')!.offset);
  const advance = (glyph: number) => font.readUInt16BE(hmtx + Math.min(glyph, metrics - 1) * 4);
  const cache = new Map<number, number>();
  const width = (cp: number) => {
    let w = cache.get(cp);
    if (w === undefined) cache.set(cp, (w = advance(glyphOf(cp)) / unitsPerEm));
    return w;
  };
  return (text, fontSize) => {
    let em = 0;
    for (const ch of text) em += width(ch.codePointAt(0)!);
    return em * fontSize;
  };
}
