/** The details of every configuration split into details files the snapshot command can read, each within a length. */
import { describe, expect, it } from 'vitest';
import { detailsParts } from '../../src/dev/bench/details-parts.ts';
import { generateSample, serializeDetailsBuffer, type ModelDetailBody } from '../../src/dev/sample/generate.ts';

const { details } = generateSample({ configurations: 300, benches: 60, tags: 150, revision: 2 });
const whole = serializeDetailsBuffer(details);

describe('details files of every configuration', () => {
  it('are one file, byte for byte the whole, when it is within the length', () => {
    const parts = [...detailsParts(details, whole.length)];
    expect(parts).toHaveLength(1);
    expect(parts[0]!.equals(whole)).toBe(true);
    // A byte less is two files: the length of a file is known before it is made.
    expect([...detailsParts(details, whole.length - 1)]).toHaveLength(2);
  });

  it('are several files within the length, holding every entry once, each as the generator made it', () => {
    const max = Math.ceil(whole.length / 5);
    const parts = [...detailsParts(details, max)];
    expect(parts.length).toBeGreaterThanOrEqual(5);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(max);
    const entries = parts.flatMap((part) => Object.entries(JSON.parse(part.toString('utf8')) as Record<string, ModelDetailBody>));
    expect(entries.map(([slug]) => slug).sort()).toEqual(Object.keys(details).sort());
    expect(Object.fromEntries(entries)).toEqual(JSON.parse(whole.toString('utf8')));
  });

  it('refuses a length that one entry alone is over', () => {
    expect(() => [...detailsParts(details, 200)]).toThrow(RangeError);
  });
});
