/**
 * The workflow's job summary (src/publish/job-summary.ts) from a snapshot file with history, the run
 * report and a built site's files: each row says what the maintainer needs, also when the run failed
 * or the site is missing. The workflow's own step is run in test/system/workflow.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEvidence, jobSummary } from '../../src/publish/job-summary.ts';
import type { RunReport } from '../../src/snapshot/run-report.ts';
import type { SnapshotOutcome } from '../../src/snapshot/snapshot-request.ts';
import { tempDir } from '../helpers/env.ts';
import { GENERATED_AT } from '../helpers/fixture.ts';
import { fixtureSnapshot } from '../helpers/site.ts';

let dir: { path: string; cleanup: () => void };
let snapshot: string;
const outcome = (extra: Partial<SnapshotOutcome>): SnapshotOutcome => ({ status: 'written', warnings: 0, partial: false, requests: 323, ...extra });
const row = (markdown: string, name: string) => new RegExp(`^\\| ${name} \\| (.*) \\|$`, 'm').exec(markdown)?.[1];

beforeAll(async () => {
  dir = tempDir('mirror-summary-');
  snapshot = await fixtureSnapshot(dir.path);
  mkdirSync(join(dir.path, 'dist/data/models'), { recursive: true });
  writeFileSync(join(dir.path, 'dist/data/snapshot.json'), JSON.stringify({ generatedAt: new Date(GENERATED_AT).toISOString(), target: 'github-pages' }));
  writeFileSync(
    join(dir.path, 'dist/data/manifest.json'),
    JSON.stringify({
      snapshotDb: { parts: ['snapshot.db.gz.part-001', 'snapshot.db.gz.part-002'] },
      evidence: { configurations: 300, withEvidence: 290, spearman: 0.9391, topShared: 8, top: 10, rangesShown: true, withheld: null },
    }),
  );
  writeFileSync(join(dir.path, 'dist/data/snapshot.db.gz.part-001'), Buffer.alloc(2 * 1024 * 1024));
  writeFileSync(join(dir.path, 'dist/data/snapshot.db.gz.part-002'), Buffer.alloc(1024 * 1024));
  writeFileSync(join(dir.path, 'dist/index.html'), 'x');
});

afterAll(() => dir?.cleanup());

const summary = (report: RunReport | undefined, code = 0) => jobSummary({ code, report, snapshot, dist: join(dir.path, 'dist'), staleAfterHours: 48 });

describe('the job summary', () => {
  it("gives the snapshot's date, the changes by model, coverage, this run's and this month's quota, and when it turns stale", () => {
    const md = summary({ code: 0, outcome: outcome({}) });
    expect(md).toMatch(/^### Mirror refresh: the snapshot is current and the site shows it$/m);
    expect(row(md, 'Snapshot')).toMatch(
      /^2026-11-16 06:00 UTC \(generatedAt\), fetched .*; 18 configurations, 6 benchmarks, 12 tags; this run: a new snapshot written$/,
    );
    // The fixture's last change: a model gone (retired), one new (twin-1 and the others), ranks moved.
    expect(row(md, 'What changed')).toMatch(/^\d+ new models, 1 removed, \d+ moved, since the snapshot of 2026-11-15 06:00 UTC$/);
    expect(row(md, 'Details coverage')).toMatch(/^per-benchmark scores for 4 of 17 configurations/);
    expect(row(md, 'Quota')).toMatch(/^this run: 323 requests; this month: /);
    expect(row(md, 'Stale after')).toBe('2026-11-18 06:00 UTC: pages tell visitors the copy is out of date from then on');
    expect(row(md, 'Site')).toMatch(
      /^deploy target github-pages; 5 files, 3\.0 MB; largest file data\/snapshot\.db\.gz\.part-001 \(2\.0 MB\); .*the snapshot file 3\.0 MB in 2 parts/,
    );
    expect(row(md, 'Evidence')).toBe(
      'the mirror’s evidence scores for 290 of 300 configurations; rank correlation with supraScore 0.94, 8 of the top 10 configurations shared; likely ranges shown',
    );
  });

  it('says when the site shows no likely ranges, and why', () => {
    expect(
      describeEvidence({
        configurations: 17,
        withEvidence: 4,
        spearman: null,
        topShared: 2,
        top: 10,
        mismatch: null,
        rangesShown: false,
        withheld: 'Too few.',
      }),
    ).toBe('the mirror’s evidence scores for 4 of 17 configurations; agreement not measured; no likely ranges: Too few.');
  });

  it('says whether the snapshot was restored, and why not', () => {
    const restored = outcome({
      restore: {
        status: 'restored',
        from: 'https://mirror.example.net/data/',
        generatedAt: GENERATED_AT,
        historySnapshots: 365,
        configurations: 12,
        details: 4,
        downloaded: 5 * 1024 * 1024,
        bytes: 1,
        parts: 1,
        ms: 4200,
      },
    });
    expect(row(summary({ code: 0, outcome: restored }), 'Restore')).toBe(
      '**restored** from https://mirror.example.net/data/: the snapshot of 2026-11-16 06:00 UTC, 365 snapshots of history, 4 configurations with details (5.0 MB in 1 part, 4.2 s)',
    );
    expect(row(summary({ code: 0, outcome: outcome({ restore: { status: 'refused', why: 'part-002 fails its checksum | oops' } }) }), 'Restore')).toBe(
      '**refused**: part-002 fails its checksum \\| oops',
    );
    expect(row(summary({ code: 0, outcome: outcome({ restore: { status: 'none', why: 'HTTP 404' } }) }), 'Restore')).toBe(
      'none to restore: HTTP 404; a new history started',
    );
    expect(row(summary({ code: 0, outcome: outcome({}) }), 'Restore')).toBe('not needed: the snapshot was at hand (the Actions cache)');
  });

  it('says when the run stopped to keep the published history, why, and what overrides it', () => {
    const why = 'cannot take the snapshot published at https://mirror.example.net/data/manifest.json: it is of store version 9';
    const kept = summary({ code: 1, historyStop: { kind: 'store-version', why } }, 1);
    expect(kept).toMatch(/^### Mirror refresh: exit 1: stopped to keep the published history; see the annotation for what to do$/m);
    expect(row(kept, 'Restore')).toBe(`**not taken**: ${why}`);
    expect(row(kept, 'Published history')).toBe(
      `**kept**: the run stopped rather than replace it (${why}); nothing was written or published. ` +
        'Only if the published history is to be dropped: run the workflow by hand with new_history (npm run refresh -- --new-history)',
    );
    // A build refused over a longer published history: the snapshot step's outcome stands, the stop is the build's.
    const shorter = summary({ code: 1, outcome: outcome({}), historyStop: { kind: 'shorter', why: 'it holds 1 snapshot of history' } }, 1);
    expect(row(shorter, 'Restore')).toBe('not needed: the snapshot was at hand (the Actions cache)');
    expect(row(shorter, 'Published history')).toMatch(
      /^\*\*kept\*\*: the run stopped rather than replace it \(it holds 1 snapshot of history\);.*--new-history\)$/,
    );
    // Neither row nor title without a stop.
    expect(row(summary({ code: 7 }, 7), 'Published history')).toBeUndefined();
  });

  it('still says what it knows when the run failed, wrote no report, or left no snapshot or site', () => {
    const failed = summary({ code: 7 }, 7);
    expect(failed).toMatch(/^### Mirror refresh: exit 7: see the annotation for what to do$/m);
    expect(row(failed, 'Quota')).toMatch(/^this run: unknown requests/);
    expect(row(failed, 'Restore')).toBe('unknown: the snapshot step failed');
    const bare = jobSummary({ code: 2, report: undefined, snapshot: join(dir.path, 'none.db'), dist: join(dir.path, 'no-dist'), staleAfterHours: 48 });
    expect(row(bare, 'Snapshot')).toBe('none: there is no snapshot file to publish');
    expect(row(bare, 'Restore')).toBe('unknown: the snapshot step wrote no report');
    expect(row(bare, 'Site')).toBe('no built site');
  });

  it("shows the doctor's table under a failed run, also one the setup check stopped, and not under a good run", () => {
    const doctor = {
      code: 0,
      checks: [
        { check: 'Node', status: 'ok' as const, says: 'Node 24.11.1' },
        {
          check: 'SITE_URL',
          status: 'warn' as const,
          says: 'https://x.example/data/manifest.json cannot be read | twice',
          todo: 'a run that needs it ends with exit 5 or 7',
        },
      ],
    };
    const good = jobSummary({ code: 0, report: { code: 0, outcome: outcome({}) }, snapshot, dist: join(dir.path, 'dist'), doctor, staleAfterHours: 48 });
    expect(good).not.toContain('npm run doctor');
    const failed = jobSummary({ code: 7, report: { code: 7 }, snapshot, dist: join(dir.path, 'dist'), doctor, staleAfterHours: 48 });
    expect(failed).toMatch(/^### Mirror refresh: exit 7: see the annotation for what to do$/m);
    expect(failed).toContain(
      '#### The setup, as npm run doctor found it (exit 0)\n\n| | check | found | what to do |\n|---|---|---|---|\n| ok | Node | Node 24.11.1 |  |\n',
    );
    expect(failed).toContain('| warn | SITE_URL | https://x.example/data/manifest.json cannot be read \\| twice | a run that needs it ends with exit 5 or 7 |');
    // The setup check failed: no refresh ran, so there is no run report.
    const stopped = {
      code: 2,
      checks: [{ check: 'RANKING_API_KEY', status: 'fail' as const, says: 'is not set', todo: 'put the key in the Actions secret', code: 2 }],
    };
    const setup = jobSummary({ code: 2, report: undefined, snapshot, dist: join(dir.path, 'dist'), doctor: stopped, staleAfterHours: 48 });
    expect(setup).toMatch(/^### Mirror refresh: exit 2: the setup check failed \(npm run doctor, below\); nothing was fetched or published$/m);
    expect(setup).toContain('| **FAIL** | RANKING_API_KEY | is not set | put the key in the Actions secret |');
  });
});
