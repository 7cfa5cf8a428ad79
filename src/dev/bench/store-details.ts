/**
 * Adds details files to a snapshot that already holds their export (stored with the first file by
 * the real `snapshot --from-file --details-file` command), run as its own process by the benchmark:
 * each file is read and validated as the snapshot command reads a `--details-file`, then written
 * through the store as the details crawl's checkpoints write, over the same export (no history
 * entry added: the history stays the days it holds, the newest one's digests updated).
 *
 * Usage: store-details.ts --snapshot PATH --export PATH DETAILS-FILE...
 */
import { parseArgs } from 'node:util';
import { readClientTuning } from '../../api/settings.ts';
import { validateExport, type ValidationWarning } from '../../api/validate.ts';
import { MirrorError } from '../../core/errors.ts';
import { readHistoryLimit } from '../../core/env.ts';
import { withSnapshot } from '../../store/read-snapshot.ts';
import type { SnapshotMeta } from '../../store/current-rows.ts';
import { writeSnapshot } from '../../store/write-snapshot.ts';
import { detailsFromFile } from '../../snapshot/details-file.ts';
import { readInputFile } from '../../snapshot/read-file.ts';

const { values, positionals } = parseArgs({ options: { snapshot: { type: 'string' }, export: { type: 'string' } }, allowPositionals: true, strict: true });
if (!values.snapshot || !values.export || positionals.length === 0) {
  console.error('usage: store-details.ts --snapshot PATH --export PATH DETAILS-FILE...');
  process.exit(2);
}
const snapshot = values.snapshot;
try {
  const { maxBytes } = readClientTuning(process.env);
  const data = validateExport(JSON.parse((await readInputFile(values.export, maxBytes)).toString('utf8')));
  // What the command stored with the first file: the same export, so the same meta and crawl record.
  const info = withSnapshot(snapshot, (reader) => reader.info());
  if (info.generatedAt !== data.generatedAt) throw new MirrorError('internal', `${snapshot} does not hold the export of ${values.export}`);
  const meta: SnapshotMeta = {
    fetchedAt: info.fetchedAt,
    source: info.source,
    sample: info.sample,
    apiOrigin: info.apiOrigin ?? undefined,
    computedAt: info.computedAt ?? undefined,
    lastModified: info.lastModified ?? undefined,
    cacheMaxAge: info.cacheMaxAge ?? undefined,
    bodySha256: info.bodySha256,
    partial: info.partial,
  };
  const crawl = info.crawl ? { periodReset: info.crawl.periodReset ?? undefined, periodRequests: info.crawl.periodRequests, runDetailRequests: 0 } : undefined;
  for (const path of positionals) {
    const started = performance.now();
    const warnings: ValidationWarning[] = [];
    const details = detailsFromFile(await readInputFile(path, maxBytes, '--details-file'), path, data, info.fetchedAt, warnings);
    const written = writeSnapshot(snapshot, {
      data: { ...data, warnings: [...data.warnings, ...warnings] },
      meta,
      details,
      crawl,
      historyLimit: info.historyLimit ?? readHistoryLimit(process.env),
      carryFrom: snapshot,
      appendHistory: false,
    });
    console.log(
      `stored ${details.size} details from ${path} in ${((performance.now() - started) / 1000).toFixed(2)} s (${warnings.length} warnings): ` +
        `${written.detailsKept} configuration details, ${written.historySnapshots} snapshots of history`,
    );
  }
} catch (err) {
  console.error(err instanceof MirrorError ? err.toLine() : String((err as Error)?.stack ?? err));
  process.exitCode = err instanceof MirrorError ? err.exitCode : 1;
}
