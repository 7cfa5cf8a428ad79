/**
 * A list's index file holds each record as an array, its values in the order of the list's fields,
 * and each repeated string (a provider, a tag) once, in a table the records point into: a tenth of
 * the bytes of objects. The code reads and writes records by name; only a layout knows the order,
 * and the data dictionary numbers the positions from the same `fields`.
 */

/** A record as its index file holds it: the values of `fields`, in that order. */
export type Tuple<R, F extends readonly (keyof R)[]> = { -readonly [I in keyof F]: R[F[I]] };

/** How records of type R are written as arrays: `fields`, every field of the record exactly once (else `fields` fails to compile). */
export const tupleLayout =
  <R>() =>
  <const F extends readonly (keyof R)[]>(fields: F & ([keyof R] extends [F[number]] ? unknown : never)) => ({
    fields: fields as F,
    encode: (record: R): Tuple<R, F> => fields.map((f) => record[f]) as Tuple<R, F>,
    decode: (tuple: Tuple<R, F>): R => Object.fromEntries(fields.map((f, i) => [f, (tuple as unknown[])[i]])) as R,
  });

/** The array a layout writes. */
export type TupleOf<L extends { encode: (record: never) => unknown }> = ReturnType<L['encode']>;
