/**
 * The bench's snapshot with details for every configuration when they come in several files (at
 * 50,000 configurations one is longer than the snapshot command reads): the first stored by the
 * real snapshot command, the rest by src/dev/bench/store-details.ts as the crawl's checkpoints
 * write. A real SQLite file, real processes: the same file as the command storing one file makes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runChild } from '../../src/dev/bench/child.ts';
import { writeDetailsFiles } from '../../src/dev/bench/details-parts.ts';
import { writeHistorySeed } from '../../src/dev/bench/history-seed.ts';
import { sizeFor } from '../../src/dev/bench/proportions.ts';
import { serializeDetailsBuffer } from '../../src/dev/sample/generate.ts';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { withSnapshot } from '../../src/store/read-snapshot.ts';
import { captureReporter, ROOT, tempDir } from '../helpers/env.ts';

const DAYS = 3;
/**
 * What a build reads of a snapshot, less what differs between two runs of the command: the digest
 * of its input files (one, or the first of several) and the time it stored them (`fetchedAt`, the
 * newest history row's too: the same in both files).
 */
const contents = (path: string) =>
  withSnapshot(path, (r) => {
    const { bodySha256: _, fetchedAt, ...info } = r.info();
    const history = r.historySnapshots();
    return {
      info,
      fetchedAtAgrees: history[0]!.fetchedAt === fetchedAt,
      counts: r.counts(),
      details: r.details(),
      scores: r.scores(),
      history: history.map(({ fetchedAt: _at, ...row }) => row),
      points: [...r.eachHistoryPoint(0)],
    };
  });

describe('the details of every configuration stored from several files', () => {
  const dir = tempDir('mirror-bench-details-');
  let one: ReturnType<typeof contents>;
  let several: ReturnType<typeof contents>;
  let parts: string[];

  beforeAll(async () => {
    const generated = writeHistorySeed(sizeFor(300), DAYS, join(dir.path, 'seed.db'), 365);
    const exportPath = join(dir.path, 'export.json');
    writeFileSync(exportPath, generated.exportBody);
    const whole = serializeDetailsBuffer(generated.details);
    writeFileSync(join(dir.path, 'details.json'), whole);
    parts = writeDetailsFiles(generated.details, join(dir.path, 'parts'), Math.ceil(whole.length / 3)).paths;
    const store = async (out: string, detailsFile: string) => {
      copyFileSync(join(dir.path, 'seed.db'), out);
      const result = await snapshotCli(['--from-file', exportPath, '--details-file', detailsFile, '--out', out], {
        env: {},
        reporter: captureReporter().reporter,
      });
      expect(result.code).toBe(0);
    };
    await store(join(dir.path, 'one.db'), join(dir.path, 'details.json'));
    await store(join(dir.path, 'several.db'), parts[0]!);
    const child = await runChild(
      { nodeArgs: [], script: 'src/dev/bench/store-details.ts', args: [] },
      ['--snapshot', join(dir.path, 'several.db'), '--export', exportPath, ...parts.slice(1)],
      { cwd: ROOT, env: { PATH: process.env.PATH }, timeoutMs: 120_000, peakFile: join(dir.path, 'peak.json') },
    );
    expect(child.code, child.output).toBe(0);
    one = contents(join(dir.path, 'one.db'));
    several = contents(join(dir.path, 'several.db'));
  }, 240_000);
  afterAll(() => dir.cleanup());

  it('holds every configuration’s details and scores, as one file gives them', () => {
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(several.counts.details).toBe(several.counts.configurations);
    expect(several.details).toEqual(one.details);
    expect(several.scores).toEqual(one.scores);
  });

  it('keeps the history’s days, the newest with the digests of every configuration’s scores', () => {
    expect(several.history).toHaveLength(DAYS);
    expect(several.history).toEqual(one.history);
    expect(several.points).toEqual(one.points);
    expect(several.points.at(-1)!.scoresDigests.some(Number.isNaN)).toBe(false);
  });

  it('records the same snapshot and coverage', () => {
    expect(several.info).toEqual(one.info);
    expect(several.fetchedAtAgrees).toBe(true);
    expect(several.counts).toEqual(one.counts);
  });
});
