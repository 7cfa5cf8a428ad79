/**
 * The per-benchmark details of every configuration as several details files, each at most a given
 * length: at 50,000 configurations one file is longer than the snapshot command can read (it parses
 * a file as one JSON text, and V8's longest string is about 512 MiB).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareText } from '../sample/random.ts';
import { serializeDetails, serializeDetailsBuffer, type ModelDetailBody } from '../sample/generate.ts';

/**
 * Details files of consecutive slugs (in the order serializeDetails writes them), each at most
 * `maxBytes` and each what serializeDetails makes of its entries: together, every entry once.
 * One part at a time, so the caller can write each and let it go.
 */
export function* detailsParts(details: Readonly<Record<string, ModelDetailBody>>, maxBytes: number): Generator<Buffer> {
  const slugs = Object.keys(details).sort(compareText);
  // A file of n entries is "{\n", each entry's lines and a line break, n - 1 commas, and "}\n"; an entry's lines are its one-entry file less 5 bytes.
  const fileBytes = (entries: number, lines: number) => 4 + lines + entries + Math.max(0, entries - 1);
  const linesOf = (slug: string) => Buffer.byteLength(serializeDetails({ [slug]: details[slug]! })) - 5;
  const serialize = (group: readonly string[]) => serializeDetailsBuffer(Object.fromEntries(group.map((s) => [s, details[s]!])));
  let group: string[] = [];
  let lines = 0;
  for (const slug of slugs) {
    const entry = linesOf(slug);
    if (fileBytes(1, entry) > maxBytes) throw new RangeError(`the details of ${slug} alone are ${fileBytes(1, entry)} bytes, over ${maxBytes}`);
    if (group.length > 0 && fileBytes(group.length + 1, lines + entry) > maxBytes) {
      yield serialize(group);
      group = [];
      lines = 0;
    }
    group.push(slug);
    lines += entry;
  }
  if (group.length > 0 || slugs.length === 0) yield serialize(group);
}

/** Writes the parts into `dir` (details-1.json, ...), one at a time: their paths and their bytes in all. */
export function writeDetailsFiles(details: Readonly<Record<string, ModelDetailBody>>, dir: string, maxBytes: number): { paths: string[]; bytes: number } {
  mkdirSync(dir, { recursive: true });
  const paths: string[] = [];
  let bytes = 0;
  for (const part of detailsParts(details, maxBytes)) {
    const path = join(dir, `details-${paths.length + 1}.json`);
    writeFileSync(path, part);
    paths.push(path);
    bytes += part.length;
  }
  return { paths, bytes };
}
