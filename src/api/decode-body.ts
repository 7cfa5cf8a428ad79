/**
 * Reads a response body as it streams in, decoding gzip or br (node:zlib), and applies the size
 * cap to the DECODED bytes, counting as they come: a compressed bomb is cut at the cap, never
 * inflated whole. Counts the bytes on the wire too.
 */
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { MirrorError } from '../core/errors.ts';

/** What the client asks for: the encodings node:zlib decodes. */
export const ACCEPT_ENCODING = 'gzip, br';

export interface DecodedBody {
  body: Buffer;
  /** Bytes received from the network (compressed, when the body was). */
  wireBytes: number;
  /** `gzip`, `br`, or `identity`. */
  encoding: string;
}

export interface DecodeOptions {
  /** The Content-Encoding header, as received. */
  contentEncoding: string | undefined;
  /** Most decoded bytes to keep. */
  cap: number;
  /** Over the cap: true fails with an `invalid` MirrorError, false keeps the first `cap` bytes (an error body). */
  strict: boolean;
  path: string;
  /** Called as wire bytes arrive. */
  onWire?: (wireBytes: number) => void;
}

/** A Content-Encoding this client decodes; undefined for none. Throws `invalid` for any other. */
export function decodingOf(contentEncoding: string | undefined, path: string): 'gzip' | 'br' | undefined {
  const value = contentEncoding?.trim().toLowerCase() ?? '';
  if (value === '' || value === 'identity') return undefined;
  if (value === 'gzip' || value === 'x-gzip') return 'gzip';
  if (value === 'br') return 'br';
  throw new MirrorError('invalid', `${path}: the response is encoded as ${JSON.stringify(value.slice(0, 40))}, which this client did not ask for`, {
    hint: 'a proxy in front of the API may be re-encoding answers; nothing was written',
  });
}

/** Ends the pipeline early once a lenient (error) body has its first `cap` bytes. */
class Enough extends Error {}

export async function readDecodedBody(stream: Readable | AsyncIterable<Buffer>, options: DecodeOptions): Promise<DecodedBody> {
  const { cap, strict, path } = options;
  const decoding = decodingOf(options.contentEncoding, path);
  const chunks: Buffer[] = [];
  let wireBytes = 0;
  let decodedBytes = 0;

  const countWire = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      wireBytes += chunk.length;
      options.onWire?.(wireBytes);
      yield chunk;
    }
  };
  const keep = async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      const room = cap - decodedBytes;
      decodedBytes += chunk.length;
      if (decodedBytes > cap) {
        if (room > 0) chunks.push(chunk.subarray(0, room));
        if (!strict) throw new Enough();
        throw new MirrorError('invalid', `${path}: the response passed the ${cap}-byte cap${decoding ? ` once decoded (${decoding})` : ''}`, {
          hint: 'raise RANKING_MAX_BYTES if the export really is this large',
        });
      }
      chunks.push(chunk);
    }
  };

  try {
    if (decoding) await pipeline(stream, countWire, decoding === 'gzip' ? createGunzip() : createBrotliDecompress(), keep);
    else await pipeline(stream, countWire, keep);
  } catch (err) {
    if (!(err instanceof Enough)) throw decoding && isZlibError(err) ? badEncoding(path, decoding, err) : err;
  }
  return { body: Buffer.concat(chunks, Math.min(decodedBytes, cap)), wireBytes, encoding: decoding ?? 'identity' };
}

/** zlib's own failures carry Z_* or ERR_BROTLI_* / ERR__ZLIB codes; network failures do not. */
function isZlibError(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (/^Z_/.test(code) || /BROTLI|ZLIB/.test(code));
}

function badEncoding(path: string, decoding: string, err: unknown): MirrorError {
  return new MirrorError('invalid', `${path}: the ${decoding} body does not decode (${(err as { code?: string }).code ?? 'zlib error'})`, {
    hint: 'the API or a proxy in front of it sent a damaged body; nothing was written',
    cause: err,
  });
}
