/**
 * The documented static data API: once Astro has written the downloads, the publish step writes
 * each file's JSON Schema beside it and `/data/manifest.json`, which lists every file under
 * `/data/` with its size and sha256 (the build stamp included, from the text it will be written
 * with once the build is checked).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { BUILD_STAMP } from './build-stamp.ts';
import { DATA_FILES, schemaFileOf } from '../site/files/data-dictionary.ts';
import { JSON_HEADER_FIELDS } from '../site/files/data-dictionary/fields.ts';
import { RANK_BLOCK_JSON, RANK_PART_JSON, RANK_RANGES_JSON } from '../site/files/data-dictionary/computed.ts';
import { HISTORY_DAY_JSON, HISTORY_NAMES_JSON } from '../site/files/data-dictionary/history.ts';
import { MODEL_FILE_JSON, MODEL_GROUP_JSON } from '../site/files/data-dictionary/model-files.ts';
import { MANIFEST_JSON } from '../site/files/data-dictionary/stamp-manifest.ts';
import { partedCsvOf } from '../site/links/output-paths.ts';
import { schemaFiles } from '../site/files/data-schemas.ts';
import { staleAfter } from '../site/settings/staleness.ts';
import type { Site } from '../site/settings/config.ts';
import type { PublishedState } from '../store/published-state.ts';
import type { EvidenceFacts } from '../site/evidence/evidence-file.ts';

const DATA = 'data';
/** Under /data/ but not part of the API: the page that documents it, and the manifest itself. */
const NOT_LISTED = new Set(['index.html', MANIFEST_JSON.file]);

export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
  schema: string | null;
}

/** The schema that describes a file under /data/, by its path there. */
export function schemaFor(path: string): string | null {
  if (/^models\/[^/]+\.json(\.gz)?$/.test(path)) return schemaFileOf(MODEL_FILE_JSON);
  if (/^model-groups\/\d+\.json(\.gz)?$/.test(path)) return schemaFileOf(MODEL_GROUP_JSON);
  if (/^history\/days\/\d{4}-\d{2}-\d{2}\.json(\.gz)?$/.test(path)) return schemaFileOf(HISTORY_DAY_JSON);
  if (path === 'history/names.json.gz') return schemaFileOf(HISTORY_NAMES_JSON);
  if (/^rank\/(all|untagged|tags\/[^/]+)\.json(\.gz)?$/.test(path)) return schemaFileOf(RANK_PART_JSON);
  if (/^rank\/models\/\d+\.json(\.gz)?$/.test(path)) return schemaFileOf(RANK_BLOCK_JSON);
  if (/^rank\/ranges\.json(\.gz)?$/.test(path)) return schemaFileOf(RANK_RANGES_JSON);
  // A later part of a CSV that comes in parts has the first part's schema.
  const file = partedCsvOf(path) ?? path;
  const download = DATA_FILES.find((d) => d.file === file);
  return download ? schemaFileOf(download) : null;
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const entry = (path: string, bytes: Buffer): ManifestEntry => ({
  path,
  bytes: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  schema: schemaFor(path),
});

/** The evidence behind supraScore in brief: the agreement, and whether the site shows likely ranges (evidence.json has it whole). */
function evidenceSummary(file: Record<string, unknown>) {
  const { agreement, ranges } = file as unknown as Pick<EvidenceFacts, 'agreement' | 'ranges'>;
  return { ...agreement, rangesShown: ranges.shown, withheld: ranges.withheld };
}

/**
 * Writes the schemas and the manifest into `dist/data/`; `stampText` is the build stamp to come,
 * `snapshotDb` the published snapshot file, whose parts are already in place.
 */
export function writeDataApi(dist: string, stampText: string, snapshotDb: PublishedState, site: Site): { files: number; bytes: number } {
  const root = join(dist, DATA);
  for (const { file, text } of schemaFiles(site.siteUrl)) writeFileSync(join(root, file), text);
  const listed: ManifestEntry[] = [];
  for (const path of files(root)) {
    const rel = relative(root, path).split(sep).join('/');
    if (!NOT_LISTED.has(rel) && rel !== 'snapshot.json') listed.push(entry(rel, readFileSync(path)));
  }
  listed.push(entry(relative(DATA, BUILD_STAMP), Buffer.from(stampText)));
  listed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown[]> & Record<string, unknown>;
  const models = read('models.json');
  const header = Object.fromEntries(JSON_HEADER_FIELDS.map((f) => [f.name, models[f.name]]));
  const manifest = {
    ...header,
    // The date a client needs to judge the copy itself (src/site/settings/staleness.ts).
    staleAfter: new Date(staleAfter(Date.parse(String(header.generatedAt)), site.staleAfterHours)).toISOString(),
    snapshotDb,
    evidence: evidenceSummary(read('evidence.json')),
    counts: {
      configurations: models.models!.length,
      models: read('model-list.json').models!.length,
      benchmarks: read('benchmarks.json').benchmarks!.length,
      tags: read('tags.json').tags!.length,
      historyDays: read('history/index.json').days!.length,
    },
    files: listed,
  };
  writeFileSync(join(root, MANIFEST_JSON.file), `${JSON.stringify(manifest)}\n`);
  return { files: listed.length, bytes: listed.reduce((n, f) => n + f.bytes, 0) };
}
