/** A CSV download in parts: split between rows, in order, each part a whole CSV under the size limit. */
import { describe, expect, it } from 'vitest';
import { csvFile, csvParts, scoresCsvParts } from '../../src/site/files/downloads.ts';
import { csvColumns } from '../../src/site/files/data-dictionary.ts';
import { SCORES_CSV } from '../../src/site/files/data-dictionary/tables.ts';
import { csvPartFile, partedCsvOf } from '../../src/site/links/output-paths.ts';
import { schemaFor } from '../../src/publish/data-api.ts';
import type { Score, SiteData } from '../../src/site/data/site-data.ts';

const columns = csvColumns(SCORES_CSV);
const row = (i: number, sourceUrl = `https://example.com/${i}`) => ({
  configuration: `config-${i}`,
  benchmark: `bench-${i % 7}`,
  benchmarkName: `Bench, "quoted" ${i % 7}`,
  rawScore: i / 10,
  scaleMin: 0,
  scaleMax: 100,
  normalizedScore: i % 100,
  sourceUrl,
  accessedAt: '2026-11-01T00:00:00.000Z',
  upvotes: i,
  downvotes: 0,
  counts: true,
  attribution: 'https://ranking.example.org/',
});
const rows = Array.from({ length: 500 }, (_, i) => row(i));
const text = (b: Buffer) => b.toString('utf8');
/** A CSV's header line and its data lines. */
const lines = (csv: string) => {
  const [header, ...body] = csv.split('\r\n');
  expect(body.pop()).toBe('');
  return { header, body };
};

describe('csvParts', () => {
  it('keeps every part under the limit, each a whole CSV with the header, and their rows in order are the whole file’s', () => {
    const whole = lines(text(csvFile(SCORES_CSV, rows)));
    const parts = csvParts(SCORES_CSV, rows, columns, 8_000).map(text);
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(8_000);
      expect(lines(part).header).toBe(whole.header);
      expect(lines(part).body.length).toBeGreaterThan(0);
    }
    expect(parts.flatMap((p) => lines(p).body)).toEqual(whole.body);
  });

  it('is one part, the whole file, while the table fits; a header alone when there are no rows', () => {
    expect(csvParts(SCORES_CSV, rows, columns, Infinity).map(text)).toEqual([text(csvFile(SCORES_CSV, rows))]);
    expect(csvParts(SCORES_CSV, [], columns, 100).map(text)).toEqual([`${columns.join(',')}\r\n`]);
  });

  it('gives a row longer than the limit a part of its own rather than cutting it', () => {
    const long = [row(1), row(2, `https://example.com/${'x'.repeat(500)}`), row(3)];
    const parts = csvParts(SCORES_CSV, long, columns, 400).map((p) => lines(text(p)).body);
    expect(parts.map((p) => p.length)).toEqual([1, 1, 1]);
    expect(parts[1]![0]).toContain('x'.repeat(500));
  });
});

describe('scoresCsvParts', () => {
  it('names its parts scores.csv, scores-2.csv, … and publishes each under the first part’s schema', () => {
    const scores = new Map<string, Score[]>(
      Array.from({ length: 40 }, (_, i) => [
        `config-${i}`,
        Array.from({ length: 10 }, (_, j) => ({
          bench: `bench-${j}`,
          benchName: `Bench ${j}`,
          rawScore: j,
          normalizedScore: j * 10,
          sourceUrl: `https://example.com/${i}/${j}`,
          accessedAt: Date.UTC(2026, 10, 1),
          upvotes: 1,
          downvotes: 0,
          counts: true,
        })) as Score[],
      ]),
    );
    const data = {
      configurations: [...scores.keys()].map((slug) => ({ slug })),
      scoresFor: (slug: string) => scores.get(slug) ?? [],
      benchBySlug: new Map(),
      site: { attributionUrl: 'https://ranking.example.org/' },
    } as unknown as SiteData;
    // Made a part at a time: the first part is ready before most configurations' scores are read.
    const asked = new Set<string>();
    const lazy = scoresCsvParts({ ...data, scoresFor: (slug: string) => (asked.add(slug), data.scoresFor(slug)) }, 10_000);
    expect(lazy.next().done).toBe(false);
    expect(asked.size).toBeGreaterThan(0);
    expect(asked.size).toBeLessThan(scores.size / 2);
    const parts = [...scoresCsvParts(data, 10_000)].map(text);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.flatMap((p) => lines(p).body)).toHaveLength(400);
    expect(lines(parts[0]!).body[0]).toMatch(/^config-0,bench-0,/);
    expect(parts.map((_, i) => csvPartFile('scores.csv', i + 1))).toEqual(['data/scores.csv', ...parts.slice(1).map((_, i) => `data/scores-${i + 2}.csv`)]);
    expect(csvPartFile('history.csv', 12)).toBe('data/history-12.csv');
    expect(['scores-2.csv', 'history-3.csv', 'scores-10.csv'].map(partedCsvOf)).toEqual(['scores.csv', 'history.csv', 'scores.csv']);
    expect(['scores.csv', 'scores-1.csv', 'scores-01.csv', 'scores-2.csv.bak', 'models-2.csv'].map(partedCsvOf)).toEqual(Array(5).fill(undefined));
    // The manifest names the scores.csv schema for every part, so each validates against it.
    expect(['scores.csv', 'scores-2.csv', 'scores-13.csv'].map(schemaFor)).toEqual(Array(3).fill(schemaFor('scores.csv')));
    expect(schemaFor('history-2.csv')).toBe(schemaFor('history.csv'));
    expect(schemaFor('history.csv')).not.toBe(schemaFor('scores.csv'));
    expect(schemaFor('scores.csv')).toMatch(/\.schema\.json$/);
  });
});
