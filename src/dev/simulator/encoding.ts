/**
 * Content-Encoding as a server may send it: gzip or br when the client asks for it (br first, as
 * browsers' servers tend to). Compressed bodies are kept per body buffer, so a large export is
 * compressed once, not per request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Answer } from './types.ts';

export type Encoding = 'gzip' | 'br';

const cache = new WeakMap<Buffer, Map<Encoding, Buffer>>();

export function compress(body: Buffer, encoding: Encoding): Buffer {
  let byEncoding = cache.get(body);
  if (!byEncoding) cache.set(body, (byEncoding = new Map()));
  let out = byEncoding.get(encoding);
  if (!out) {
    // Quality 5: a server's on-the-fly setting, not the slow maximum.
    out = encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
    byEncoding.set(encoding, out);
  }
  return out;
}

/** The encoding to answer with, from `Accept-Encoding` (q=0 refuses one); undefined for identity. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return undefined;
}

/** A successful answer compressed as the client asked; other answers go as they are. */
export function encodeAnswer(answer: Answer, acceptEncoding: string | undefined): Answer {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding || answer.status !== 200 || answer.body.length === 0) return answer;
  return { ...answer, headers: { ...answer.headers, 'content-encoding': encoding, vary: 'accept-encoding' }, body: compress(answer.body, encoding) };
}
