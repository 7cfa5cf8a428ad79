/**
 * The packed columns of `history_points`: arrays of numbers as little-endian BLOBs, so a snapshot
 * of history is one row, written and read back as typed arrays without parsing any text.
 */
import { endianness } from 'node:os';

const NATIVE_LE = endianness() === 'LE';

function pack(values: ArrayLike<number>, width: 4 | 8, write: (view: DataView, at: number, value: number) => void): Buffer {
  const out = Buffer.allocUnsafe(values.length * width);
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  for (let i = 0; i < values.length; i++) write(view, i * width, values[i]!);
  return out;
}

export const packInt32 = (values: ArrayLike<number>): Buffer => pack(values, 4, (v, at, x) => v.setInt32(at, x, true));
export const packFloat64 = (values: ArrayLike<number>): Buffer => pack(values, 8, (v, at, x) => v.setFloat64(at, x, true));

/** A copy in a fresh, aligned buffer: a BLOB's bytes may start anywhere in a shared one. */
function unpack<T extends Int32Array | Float64Array>(blob: Uint8Array, width: 4 | 8, make: (n: number) => T, read: (view: DataView, at: number) => number): T {
  if (blob.byteLength % width !== 0) throw new RangeError(`a packed column of ${blob.byteLength} bytes is not a whole number of ${width}-byte values`);
  const out = make(blob.byteLength / width);
  if (NATIVE_LE) new Uint8Array(out.buffer).set(blob);
  else {
    const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
    for (let i = 0; i < out.length; i++) out[i] = read(view, i * width);
  }
  return out;
}

export const unpackInt32 = (blob: Uint8Array): Int32Array =>
  unpack(
    blob,
    4,
    (n) => new Int32Array(n),
    (v, at) => v.getInt32(at, true),
  );
export const unpackFloat64 = (blob: Uint8Array): Float64Array =>
  unpack(
    blob,
    8,
    (n) => new Float64Array(n),
    (v, at) => v.getFloat64(at, true),
  );
