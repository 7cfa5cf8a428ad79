/**
 * The download files: every one names the data source (attribution) and the snapshot's
 * generatedAt, as the API's terms ask of republished data. JSON files carry it beside their list,
 * CSV files in a last column of every row and in `data/README.txt`; no preamble line comes before
 * a CSV's header, so any CSV reader takes the first line as the header.
 */
import { CSV_PART_BYTES, modelDataPath, publishedName } from '../links/output-paths.ts';
import type { ModelListEntry } from './model-file.ts';
import { COMPUTED_FILES, DOWNLOADS, HISTORY_FILES, csvColumns } from './data-dictionary.ts';
import type { Download } from './data-dictionary/fields.ts';
import { publishedHistoryFile } from '../lists/past-files.ts';
import type { RecentHistory, SiteData } from '../data/site-data.ts';
import { attribution, modelRecord, modelsCsvRow, scoresCsvRow, standingOf } from './records.ts';

export function jsonFile(data: SiteData, key: string, rows: unknown[]): Response {
  return new Response(JSON.stringify({ ...attribution(data), [key]: rows }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** models.json: every configuration with its standing. */
export const modelsJson = (data: SiteData): Response =>
  jsonFile(
    data,
    'models',
    data.configurations.map((c) => modelRecord(c, standingOf(data, c))),
  );

/** model-list.json: every model as [segment, name, model rank text, supraScore, data file, standard error], for the comparison page's picker, loader and verdicts. */
export function modelListJson(data: SiteData): Response {
  const evidence = data.evidence();
  const models = data.models.map((m): ModelListEntry => {
    const se = evidence.model(m).se;
    return [m.segment, m.name, m.rankText, m.best.supraScore, modelDataPath(m, data.plan), se === undefined ? null : Math.round(se * 1000) / 1000];
  });
  return new Response(JSON.stringify({ ...attribution(data), models }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** evidence.json: the evidence behind supraScore (the mirror's computation), what the comparison script resamples from. */
export const evidenceJson = (data: SiteData): Response =>
  new Response(JSON.stringify({ ...attribution(data), ...data.evidence().facts }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });

/** Where a spreadsheet may start a cell: the comma of the file, the semicolon and tab other locales split on, a line break. */
const CELL_START = /(^|\r\n|[,;\t\r\n])(?=(?:[^\S\r\n]|")*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/**
 * A CSV field, quoted when needed. Wherever a spreadsheet could start a cell inside it, a character
 * that would make that cell a formula (`=`, `+`, `-`, `@`, tab, CR, the full-width forms, after
 * optional blanks or quotes) gets a `'` before it, so the cell reads as text whichever separator is used.
 */
export function csvField(value: string | number | boolean): string {
  if (typeof value !== 'string') return String(value);
  const text = value.replace(CELL_START, "$1'");
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

type Cell = string | number | boolean | undefined;

/**
 * A CSV file (RFC 4180: comma, CRLF, UTF-8 without a byte-order mark) whose header is the
 * download's documented columns, each row filled by name, so the file and its documentation
 * cannot disagree. Built in chunks of bytes: a file can be large.
 */
export function csvFile(download: Download, rows: Iterable<Record<string, Cell>>, columns = csvColumns(download)): Buffer<ArrayBuffer> {
  return Buffer.concat(csvParts(download, rows, columns, Infinity));
}

/**
 * The same CSV in parts of at most `maxBytes` each (a row longer than that gets a part of its own),
 * split between rows, in order, each part starting with the header.
 */
export function csvParts(download: Download, rows: Iterable<Record<string, Cell>>, columns: string[], maxBytes: number): Buffer[] {
  return [...eachCsvPart(download, rows, columns, maxBytes)];
}

/** csvParts, a part at a time as the rows are walked: a large download is written without being held whole. */
export function* eachCsvPart(download: Download, rows: Iterable<Record<string, Cell>>, columns: string[], maxBytes: number): Generator<Buffer> {
  const header = `${columns.map(csvField).join(',')}\r\n`;
  let chunks: Buffer[] = [];
  let lines: string[] = [];
  let bytes = Buffer.byteLength(header);
  const flushLines = () => {
    if (lines.length) chunks.push(Buffer.from(lines.join('')));
    lines = [];
  };
  const endPart = () => {
    flushLines();
    const part = Buffer.concat([Buffer.from(header), ...chunks]);
    chunks = [];
    bytes = Buffer.byteLength(header);
    return part;
  };
  let rowsInPart = 0;
  for (const row of rows) {
    let line = '';
    for (let c = 0; c < columns.length; c++) {
      const name = columns[c]!;
      const value = row[name];
      if (value === undefined && !(name in row)) throw new Error(`${download.file}: a row has no ${name}`);
      line += `${c ? ',' : ''}${value === undefined ? '' : typeof value === 'number' ? String(value) : csvField(value)}`;
    }
    line += '\r\n';
    const size = Buffer.byteLength(line);
    if (rowsInPart > 0 && bytes + size > maxBytes) {
      yield endPart();
      rowsInPart = 0;
    }
    lines.push(line);
    bytes += size;
    rowsInPart++;
    if (lines.length >= 10_000) flushLines();
  }
  yield endPart();
}

export const csvResponse = (body: Buffer<ArrayBuffer>) => new Response(body, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });

const iso = (ms: number) => new Date(ms).toISOString();
const download = (file: string) => DOWNLOADS.find((d) => d.file === file)!;

export function modelsCsv(data: SiteData): Buffer<ArrayBuffer> {
  const source = data.site.attributionUrl;
  return csvFile(
    download('models.csv'),
    data.configurations.map((c) => modelsCsvRow(c, standingOf(data, c), source)),
  );
}

/** scores.csv, in parts of at most `maxBytes` (one part until the table grows past it), made as they are taken. */
export function scoresCsvParts(data: SiteData, maxBytes = CSV_PART_BYTES): Generator<Buffer> {
  const source = data.site.attributionUrl;
  function* rows() {
    for (const c of data.configurations) {
      for (const s of data.scoresFor(c.slug)) yield scoresCsvRow(c.slug, s, data.benchBySlug.get(s.bench), source);
    }
  }
  const file = download('scores.csv');
  return eachCsvPart(file, rows(), csvColumns(file), maxBytes);
}

/**
 * Rank and score of every configuration in each snapshot of the last HISTORY_DAYS days: one row per
 * configuration, a pair of columns per snapshot. Ten times smaller than a row per configuration and
 * snapshot, which would repeat every slug, name, date and attribution.
 */
export function historyCsv(history: RecentHistory, source: string): Buffer<ArrayBuffer> {
  return Buffer.concat([...historyCsvParts(history, source, Infinity)]);
}

/** history.csv, in parts of at most `maxBytes` (one part until the table grows past it), made as they are taken; `source` is the attribution's address. */
export function historyCsvParts({ names, snapshots }: RecentHistory, source: string, maxBytes = CSV_PART_BYTES): Generator<Buffer> {
  // A row per slug (a renamed configuration keeps its row), its cells in two typed arrays of a
  // column per snapshot: at 50,000 configurations an object per configuration and snapshot held
  // hundreds of megabytes more while the file was made.
  const slotOfSlug = new Map<string, number>();
  const slotOfId = new Map<number, number>();
  for (const [id, { slug }] of names) {
    let slot = slotOfSlug.get(slug);
    if (slot === undefined) slotOfSlug.set(slug, (slot = slotOfSlug.size));
    slotOfId.set(id, slot);
  }
  const D = snapshots.length;
  const R = slotOfSlug.size;
  const ranks = new Int32Array(R * D); // 0: not in that snapshot
  const scores = new Float64Array(R * D);
  // The newest snapshot holding each row, its rank and its name there, for the order of rows.
  const last = new Int32Array(R).fill(-1);
  const lastRank = new Int32Array(R);
  const lastId = new Int32Array(R);
  snapshots.forEach(({ configurations, supraScores }, k) => {
    for (let j = 0; j < configurations.length; j++) {
      const id = configurations[j]!;
      const slot = slotOfId.get(id);
      if (slot === undefined) continue;
      ranks[slot * D + k] = j + 1;
      scores[slot * D + k] = supraScores[j]!;
      last[slot] = k;
      lastRank[slot] = j + 1;
      lastId[slot] = id;
    }
  });
  const slugs = [...slotOfSlug.keys()];
  const ordered = slugs.map((_, slot) => slot).filter((slot) => last[slot]! >= 0);
  ordered.sort((a, b) => last[b]! - last[a]! || lastRank[a]! - lastRank[b]!);
  const at = snapshots.map((h) => iso(h.generatedAt));
  const file = download('history.csv');
  const columns = csvColumns(file, at);
  // Two columns a snapshot, for tens of thousands of rows: their names are made once.
  const rankKeys = at.map((t) => `rank_${t}`);
  const scoreKeys = at.map((t) => `supraScore_${t}`);
  function* rows() {
    for (const slot of ordered) {
      const cells: Record<string, Cell> = { configuration: slugs[slot]!, name: names.get(lastId[slot]!)!.name, attribution: source };
      for (let k = 0; k < D; k++) {
        const rank = ranks[slot * D + k]!;
        cells[rankKeys[k]!] = rank === 0 ? undefined : rank;
        cells[scoreKeys[k]!] = rank === 0 ? undefined : scores[slot * D + k];
      }
      yield cells;
    }
  }
  return eachCsvPart(file, rows(), columns, maxBytes);
}

/** What a site whose plan gzips the large downloads says of them. */
export const GZIPPED_NOTE =
  'scores.csv and history.csv are published gzipped (scores.csv.gz, history.csv.gz, and their parts), to fit this host: ' +
  'pandas.read_csv and most CSV tools read them as they are, and gunzip gives the CSV. So are the names and the days of the ' +
  'leaderboard as it stood (history/names.json.gz, history/days/{date}.json.gz) and the blocks and parts of the ranking by your weights ' +
  '(rank/models/{n}.json.gz, rank/{part}.json.gz, rank/ranges.json.gz), which gunzip gives as JSON.';

/** `data/README.txt`: the companion note of the downloads, in plain text. */
export function downloadsReadme(data: SiteData, dictionaryUrl: string): string {
  const a = attribution(data);
  const lines = [
    `Downloads of ${a.source}'s rankings, as mirrored on ${a.generatedAt.slice(0, 10)}`,
    '',
    a.attribution,
    `Source: ${a.sourceUrl}`,
    `Snapshot generated at ${a.generatedAt}, fetched at ${a.fetchedAt}.${a.sample ? ' This is fictional sample data, not live rankings.' : ''}${
      a.partial ? ' The snapshot is partial (built from the list endpoints).' : ''
    }`,
    '',
    'CSV files: UTF-8, comma-separated, the header on the first line, CRLF line ends, fields quoted as in RFC 4180.',
    'Every row ends with an "attribution" column holding the source address. A text cell a spreadsheet could read as a',
    "formula (=, +, -, @ where a cell may start) has a ' put before that character.",
    'JSON files: the attribution, generatedAt and fetchedAt beside the list.',
    '',
    ...DOWNLOADS.map((d) => `${publishedName(d.file, data.plan.compressedDownloads)}: ${d.what}${d.listKey ? ` The list is under "${d.listKey}".` : ''}`),
    ...HISTORY_FILES.map((d) => `${publishedHistoryFile(d.file, data.plan.compressedDownloads)}: ${d.what}`),
    ...COMPUTED_FILES.map((d) => `${d.file}: ${d.what}`),
    ...(data.plan.compressedDownloads ? ['', GZIPPED_NOTE] : []),
    '',
    `Every field, with its type and unit: ${dictionaryUrl}`,
    '',
  ];
  return lines.join('\n');
}
