/**
 * The bulk import: a snapshot file holding many snapshots of history written in one pass, the file
 * a daily writer would leave after as many runs. For the benchmark and tests that need a deep
 * history fast (src/dev/bench/history-seed.ts).
 */
import { byRanking, byWeight } from '../api/ranking.ts';
import { DDL, STORE_VERSION } from './schema.ts';
import type { DetailsCoverage } from './coverage.ts';
import { atomicReplaceSnapshot } from './atomic-replace.ts';
import { insertCurrent, recordCrawl, type CurrentSnapshot } from './current-rows.ts';
import { insertPoints, recordDigests, trimHistory } from './history-rows.ts';
import type { WriteResult } from './write-snapshot.ts';

/** One snapshot of a bulk history import: what a run of the writer would have been given. */
export type ImportedSnapshot = Pick<CurrentSnapshot, 'data' | 'meta' | 'details' | 'crawl'>;

/**
 * Writes a snapshot file at `target` holding `snapshots` (oldest first) as its history, the last
 * one also as its current snapshot; snapshots before the last have no details. Atomic, as every
 * snapshot write.
 */
export function importHistory(target: string, snapshots: Iterable<ImportedSnapshot>, historyLimit: number): WriteResult {
  return atomicReplaceSnapshot(target, { kind: 'import' }, (db) => {
    db.exec(DDL);
    db.pragma(`user_version = ${STORE_VERSION}`);
    let coverage: DetailsCoverage | undefined;
    db.transaction(() => {
      type Labels = { name: string; familyTag: string | null; provider: string | null; tags: string | null };
      const names = new Map<string, { id: number; kind: 'model' | 'bench'; slug: string; last: number } & Labels>();
      const nameId = (kind: 'model' | 'bench', slug: string, labels: Labels, snapshot: number) => {
        const key = `${kind}\u0000${slug}`;
        let entry = names.get(key);
        if (!entry) names.set(key, (entry = { id: names.size + 1, kind, slug, last: snapshot, ...labels }));
        // The latest name, model, vendor and tags win, as the writer's upsert does.
        Object.assign(entry, labels, { last: snapshot });
        return entry.id;
      };
      const configuration = (m: CurrentSnapshot['data']['models'][number]): Labels => ({
        name: m.name,
        familyTag: m.familyTag,
        provider: m.provider,
        tags: JSON.stringify([...m.tags].sort()),
      });
      const snapshot = db.prepare('INSERT INTO history_snapshots (generated_at, fetched_at, body_sha256, partial) VALUES (?, ?, ?, ?)');
      let last: ImportedSnapshot | undefined;
      for (const s of snapshots) {
        const id = Number(snapshot.run(s.data.generatedAt, s.meta.fetchedAt, s.meta.bodySha256, s.meta.partial ? 1 : 0).lastInsertRowid);
        const models = [...s.data.models].sort(byRanking);
        const benches = [...s.data.benches].sort(byWeight);
        insertPoints(db, id, {
          modelIds: models.map((m) => nameId('model', m.slug, configuration(m), id)),
          supraScores: models.map((m) => m.supraScore),
          benchCounts: models.map((m) => m.benchCount),
          scoresDigests: undefined,
          benchIds: benches.map((b) => nameId('bench', b.slug, { name: b.name, familyTag: null, provider: null, tags: null }, id)),
          effectiveWeights: benches.map((b) => b.effectiveWeight),
        });
        last = s;
      }
      if (!last) throw new RangeError('importHistory needs at least one snapshot');
      const name = db.prepare('INSERT INTO history_names (id, kind, slug, name, family_tag, provider, tags, last_snapshot_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
      for (const n of names.values()) name.run(n.id, n.kind, n.slug, n.name, n.familyTag, n.provider, n.tags, n.last);
      const current: CurrentSnapshot = { ...last, historyLimit };
      insertCurrent(db, current);
      coverage = recordCrawl(db, current);
      recordDigests(db);
      trimHistory(db, historyLimit);
    })();
    return {
      historySnapshots: db.prepare('SELECT count(*) FROM history_snapshots').pluck().get() as number,
      detailsKept: db.prepare('SELECT count(*) FROM model_details').pluck().get() as number,
      coverage: coverage!,
    };
  });
}
