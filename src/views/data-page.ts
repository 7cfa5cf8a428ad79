/**
 * The body of `/data/`: the downloads with their rows and schemas, the whole snapshot as SQLite, the
 * formats, and every file under `/data/` with every field (src/site/files/data-dictionary.ts).
 */
import { COMPUTED_FILES, DATA_FILES, DOWNLOADS, flattenFields, HISTORY_FILES, schemaFileOf, typeOf } from '../site/files/data-dictionary.ts';
import { ATTRIBUTION_COLUMN, JSON_HEADER_FIELDS, type Field } from '../site/files/data-dictionary/fields.ts';
import { MANIFEST_JSON } from '../site/files/data-dictionary/stamp-manifest.ts';
import { GZIPPED_NOTE } from '../site/files/downloads.ts';
import { SNAPSHOT_TABLES, type PublishedState } from '../site/files/snapshot-db.ts';
import { formatCount, formatDate, isoTime } from '../site/format/format.ts';
import { dataHref, href } from '../site/links/links.ts';
import { HISTORY_DAYS, publishedName } from '../site/links/output-paths.ts';
import { publishedHistoryFile } from '../site/lists/past-files.ts';
import type { Site } from '../site/settings/config.ts';
import type { DataPage } from '../site/routes/pages.ts';
import { html, type Markup } from './parts/html.ts';

const anchor = (file: string) => file.replace('.', '-').replace(/[{}/]/g, '');

/** A field: its name, type and unit, and what it means (the unit left out where `unit` is false). */
// prettier-ignore
const fieldHtml = (f: Field, unit = true) =>
  html`<div>
    <dt> <code>${f.name}</code> <span class="type">${typeOf(f)}</span> ${unit && f.unit && html`<span class="unit">${f.unit}</span>`} </dt>
    <dd>${f.meaning}</dd>
  </div>`;

export function dataPageHtml({ shell, snapshot, compressed, rows }: DataPage, state: PublishedState | undefined): Markup {
  const { site } = shell;
  // The name each download is published under on this host (gzipped where the deploy target's plan asks).
  const published = (file: string) => (file.startsWith('history/') ? publishedHistoryFile(file, compressed) : publishedName(file, compressed));
  // A file's link: a template path (`models/{model}.json`) is no address of its own.
  const fileLink = (file: string) => (file.includes('{') ? undefined : dataHref(published(file)));
  // prettier-ignore
  return html`<h1>Downloads and their fields</h1>
    <p class="lede">
      The snapshot of <time datetime="${isoTime(snapshot.generatedAt)}">${formatDate(snapshot.generatedAt)}</time> as files to reuse${snapshot.sample && ' (fictional sample data)'}. The data comes from
      <a href="${site.attributionUrl}" rel="external">${site.attributionName}</a>: please keep that attribution, a link to ${site.attributionUrl}, when you republish it. Every
      file carries it, and <a href="${href('/data/README.txt')}">README.txt</a> says so beside the files.
    </p>
    <ul class="downloads">
      ${DOWNLOADS.map((d) => html`<li>
          <a href="${dataHref(published(d.file))}">${published(d.file)}</a> <span class="meta">${d.format}</span>
          ${rows[d.file] !== undefined && html`<span class="meta">${formatCount(rows[d.file]!)} rows</span>`} <a href="#${anchor(d.file)}">fields</a> ·
          <a href="${dataHref(schemaFileOf(d))}">schema</a>
        </li>`)}
    </ul>
    <p>
      The leaderboard as it stood on each day kept (<a href="${href('/leaderboard/as-of/')}">drawn from these</a>): the days kept, the names every day’s file
      refers to, and a file per day.
    </p>
    <ul class="downloads">
      ${HISTORY_FILES.map((d) => html`<li>
          ${fileLink(d.file) ? html`<a href="${fileLink(d.file)}">${published(d.file)}</a>` : html`<code>${published(d.file)}</code>`} <span class="meta">${d.format}</span>
          <a href="#${anchor(d.file)}">fields</a> · <a href="${dataHref(schemaFileOf(d))}">schema</a>
        </li>`)}
    </ul>
    <p>
      What the mirror computes itself from the snapshot, labelled as its own wherever it appears: <a href="${href('/about/#evidence')}">the evidence behind
      supraScore</a>, and what <a href="${href('/rank/')}">ranking by your own weights</a> ranks from.
    </p>
    <ul class="downloads">
      ${COMPUTED_FILES.map((d) => html`<li>
          ${fileLink(d.file) ? html`<a href="${fileLink(d.file)}">${published(d.file)}</a>` : html`<code>${d.file}</code>`} <span class="meta">${d.format}</span> <a href="#${anchor(d.file)}">fields</a> ·
          <a href="${dataHref(schemaFileOf(d))}">schema</a>
        </li>`)}
    </ul>
    ${compressed && html`<p class="note">${GZIPPED_NOTE}</p>`}
    ${snapshotFileHtml(state, site)}
    <h2 id="formats">Formats</h2>
    <p>
      <strong>CSV</strong>: UTF-8 without a byte-order mark, comma-separated, the header on the first line, lines ending in CRLF, fields quoted as in RFC 4180.
      They read as they are with Python’s <code>csv.DictReader</code>, <code>pandas.read_csv</code> and any spreadsheet. The last column, <code>${ATTRIBUTION_COLUMN.name}</code>,
      holds ${site.attributionUrl} on every row, so any extract still names its source. A text cell that a spreadsheet could read as a formula (one starting
      with <code>=</code>, <code>+</code>, <code>-</code> or <code>@</code>, also after a comma, semicolon or tab inside the text) has a <code>'</code> put before
      that character. Empty cells mean “no value”.
    </p>
    <p> <strong>JSON</strong>: one object with its list under a key named below, and beside it these fields: </p>
    <dl class="fields"> ${JSON_HEADER_FIELDS.map((f) => fieldHtml(f))} </dl>
    <h2 id="api">A static data API</h2>
    <p>
      Every file here is described by a JSON Schema (draft 2020-12) beside it, generated from the same definitions as this page: <code>models.json</code> by
      <code>models.schema.json</code>, <code>models.csv</code> by <code>models.csv.schema.json</code> (one row, with numbers and booleans read as such and an
      empty cell as null), and so on. <a href="${dataHref(MANIFEST_JSON.file)}">${MANIFEST_JSON.file}</a> lists every file with its size, sha256 and schema,
      and the snapshot’s counts: fetch it first to see what changed. Any site may fetch these files from a browser: they are served with
      <code>Access-Control-Allow-Origin: *</code> where the host reads <code>_headers</code>.
    </p>
    ${DATA_FILES.map((d) => html`<section aria-labelledby="${anchor(d.file)}">
        <h2 id="${anchor(d.file)}">${fileLink(d.file) ? html`<a href="${fileLink(d.file)}">${published(d.file)}</a>` : html`<code>${d.file}</code>`}</h2>
        <p class="meta"> JSON Schema: <a href="${dataHref(schemaFileOf(d))}">${schemaFileOf(d)}</a> </p>
        <p>
          ${d.what}
          ${d.listKey && html` The list is under <code>${d.listKey}</code>.`}
          ${d.file === 'history.csv' && ` The window is ${HISTORY_DAYS} days back from the snapshot; the mirror keeps ${snapshot.historyLimit === null ? 'every snapshot it took' : `up to ${formatCount(snapshot.historyLimit)} snapshots`}.`}
        </p>
        ${d.topFields && html`<p>Beside it:</p>
          <dl class="fields"> ${flattenFields(d.topFields).map((f) => fieldHtml(f))} </dl>
          <p>Each element of <code>${d.listKey}</code>${d.positional && ', by position'}:</p>`}
        <dl class="fields"> ${flattenFields(d.fields).map((f) => fieldHtml(f))} </dl>
      </section>`)}`;
}

/** The whole snapshot as an SQLite file: where its parts are (`state`: what this build published, if it made a copy), how to open it, and its tables. */
function snapshotFileHtml(state: PublishedState | undefined, site: Site): Markup {
  // STATE_URL: the folder outside the site the parts are published in, with a manifest.json of their own.
  const stateUrl = site.stateUrl?.href;
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const base = stateUrl ?? href('/data/');
  const manifest = stateUrl ? `${stateUrl}manifest.json` : href('/data/manifest.json');
  const parts = state?.parts ?? [];
  const joinCommand =
    parts.length > 1 ? `cat ${parts[0]!.replace(/\d{3}$/, '*')} | gunzip > snapshot.db` : `gunzip -c ${parts[0] ?? 'snapshot.db.gz'} > snapshot.db`;
  // prettier-ignore
  return html`<section aria-labelledby="snapshot-db">
    <h2 id="snapshot-db">The whole snapshot as SQLite</h2>
    ${state
      ? html`<p>
            Everything the mirror holds in one SQLite file: the snapshot of <time datetime="${state.generatedAt}">${formatDate(Date.parse(state.generatedAt))}</time>,
            ${formatCount(state.historySnapshots)} snapshots of history and every per-benchmark score it has fetched (${megabytes(state.bytes)}, gzipped
            ${parts.length > 1 ? ` in ${parts.length} parts of at most 20 MiB` : ''})${stateUrl ? ', published beside the site rather than in it' : ''}:
          </p>
          <ul class="parts"> ${parts.map((part) => html`<li> <a href="${base}${part}">${part}</a> </li>`)} </ul>
          <p>
            Its layout is the mirror’s store version ${state.storeVersion} (<code>PRAGMA user_version</code>); the mirror itself restores its history from this
            file when it has lost its own copy.
          </p>`
      : html`<p>This build published no copy of the snapshot file.</p>`}
    <p>
      Join and decompress it with <code>${joinCommand}</code>, check it against <code>snapshotDb.sha256</code> in
      <a href="${manifest}">manifest.json</a>, then open it with <code>sqlite3 snapshot.db</code>, <code>datasette snapshot.db</code> or any SQLite library. Its <code>attribution</code>
      table names the source: keep the credit to <a href="${site.attributionUrl}" rel="external">${site.attributionName}</a>
      with anything you take from it. Times are Unix milliseconds (<code>datetime(generated_at / 1000, 'unixepoch')</code> in SQLite).
    </p>
    <dl class="fields">
      ${SNAPSHOT_TABLES.map((t) => html`<div>
          <dt> <code>${t.table}</code> <span class="type">table</span> </dt>
          <dd>
            ${t.meaning}
            <ul class="columns"> ${Object.entries(t.columns).map(([column, meaning]) => html`<li> <code>${column}</code>: ${meaning} </li>`)} </ul>
          </dd>
        </div>`)}
    </dl>
  </section>`;
}
