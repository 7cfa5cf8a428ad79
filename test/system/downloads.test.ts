/** The CSV field, read back by a real CSV reader (Python's csv module) with every separator a spreadsheet may use. */
import { describe, expect, it } from 'vitest';
import { csvField } from '../../src/site/files/downloads.ts';
import { pythonAvailable, readCsv } from '../helpers/python.ts';

/** Values a hostile name or source URL could hold. */
const HOSTILE = [
  '=HYPERLINK("https://evil.example")',
  "Harmless;=cmd|' /C calc'!A0",
  'Harmless,=1+1',
  'tab\t@SUM(A1)',
  'a;  -2+3',
  'semi;"=quoted"',
  ' +1',
  '＝full-width',
  'line\r\n=next',
  '\tleading tab',
];

/** One CSV line of the file's layout: a number, the value, and a plain word. */
const line = (value: string) => ['1', csvField(value), 'plain'].join(',');

/** True when a spreadsheet would read the cell as a formula: its first character (after blanks and quotes) starts one. */
const formula = (cell: string) => /^[\s"]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/u.test(cell) || /^[\t\r]/.test(cell);

describe.skipIf(!pythonAvailable())('a CSV field', () => {
  it('reads back, split on commas, as the value with a quote before each formula and none at its start', () => {
    const cells = readCsv(HOSTILE.map(line).join('\r\n'), ',').map((r) => r[1]!);
    expect(cells.map((c) => c.replace(/'(?=[\s"]*[=+\-@\t\r\uFF1D])/gu, ''))).toEqual(HOSTILE);
    expect(cells.filter(formula)).toEqual([]);
  });

  it('starts no formula when a spreadsheet splits the line on semicolons', () => {
    const cells = readCsv(HOSTILE.map(line).join('\r\n'), ';').flat();
    expect(cells.filter(formula)).toEqual([]);
  });

  it('starts no formula when a spreadsheet splits the line on tabs', () => {
    const cells = readCsv(HOSTILE.map(line).join('\r\n'), '\t').flat();
    expect(cells.filter(formula)).toEqual([]);
  });

  it('keeps quotes, separators and line breaks of a harmless value', () => {
    const values = ['He said "hi", then left; fine', 'two\r\nlines', 'plain'];
    expect(readCsv(values.map(line).join('\r\n'), ',').map((r) => r[1])).toEqual(values);
  });

  it('writes numbers and booleans as they are, a negative number included', () => {
    expect([csvField(-2.5), csvField(0), csvField(true), csvField(false)]).toEqual(['-2.5', '0', 'true', 'false']);
  });
});
