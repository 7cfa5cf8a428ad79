/**
 * Python's own `csv` module as the CSV reader of the tests: the reader the downloads promise to
 * work with. Outside CI a missing python3 skips those tests with a loud message; with CI=true it fails them.
 */
import { spawnSync } from 'node:child_process';

export function pythonAvailable(): boolean {
  if (spawnSync('python3', ['-c', 'import csv, json'], { stdio: 'ignore' }).status === 0) return true;
  const message = 'python3 not found: the tests that read the CSV downloads with Python’s csv module cannot run (install python3)';
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`\n!!! ${message}. SKIPPING them.\n`);
  return false;
}

function python(script: string, args: string[], input?: string): unknown {
  const r = spawnSync('python3', ['-c', script, ...args], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** The cells of `text` as `csv.reader` splits them with `delimiter` (quotes as a spreadsheet reads them). */
export const readCsv = (text: string, delimiter: string) =>
  python(
    `import csv, io, json, sys
print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read(), newline=''), delimiter=sys.argv[1]))))`,
    [delimiter],
    text,
  ) as string[][];

/** The rows of a CSV file as `csv.DictReader` reads it, opened as its documentation says (UTF-8). */
export const dictReadCsvFile = (path: string) =>
  python(
    `import csv, json, sys
with open(sys.argv[1], newline='', encoding='utf-8') as f:
    r = csv.DictReader(f)
    print(json.dumps({'header': r.fieldnames, 'rows': list(r)}))`,
    [path],
  ) as { header: string[]; rows: Record<string, string>[] };
