/**
 * The second chance of a build whose site is over its target's limits, in one run: model pages far
 * heavier than the plan's weights say (1 MB each, where the plan expects about 20 KB) put a generated
 * field of 160 configurations (94 models) over Vercel Hobby's 100 MB as first planned; the build plans
 * again from what it measured, says so in one line, makes the site again and publishes one within the
 * limit. A leaderboard page of 150 MB, which every target keeps, cannot fit at all: the build fails
 * naming the limit, the previous site byte for byte as it was. The pages are the stub render's
 * (src/dev/stub-render/stub-render.ts, a few milliseconds); the build around them is the real one: the plan,
 * the extras worker (cards, feeds, badges, data files, the search index), the check and the swap. The
 * same with a real render of 1,500 configurations: test/e2e/replan.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSample, serializeDetails, serializeExport } from '../../src/dev/sample/generate.ts';
import { measureSite } from '../../src/publish/site-figures.ts';
import { HOST_LIMITS, overLimits } from '../../src/site/plan/hosts.ts';
import { copyProject, runScript, tempDir, type RunResult } from '../helpers/env.ts';
import { sharedSite, type BuiltFixture } from '../helpers/shared-sites.ts';
import { treeOf } from '../helpers/files.ts';

/** The generated field: its models (familyTags), benchmarks and tags, and how heavy each model page is made. */
const FIELD = { configurations: 200, benches: 60, tags: 40 } as const;
const MODEL_PAGE_BYTES = 1_000_000;

const dir = tempDir();
let project: string;
let small: BuiltFixture;
/** The generated field as a snapshot file, with details. */
let field: string;
let models: number;

beforeAll(async () => {
  small = await sharedSite('small');
  project = copyProject(join(dir.path, 'project'));
  const generated = generateSample({ ...FIELD, withDetails: true });
  models = new Set(generated.export.models.map((m) => m.familyTag)).size;
  writeFileSync(join(dir.path, 'export.json'), serializeExport(generated.export));
  writeFileSync(join(dir.path, 'details.json'), serializeDetails(generated.details));
  field = join(dir.path, 'field.db');
  const r = await runScript(
    'snapshot.ts',
    ['--from-file', join(dir.path, 'export.json'), '--details-file', join(dir.path, 'details.json'), '--out', field],
    {},
    { cwd: project },
  );
  if (r.code !== 0) throw new Error(`the field's snapshot failed:\n${r.stderr}`);
  // Heavy enough to be over the limit with every model page, light enough to fit with some; enough models that the pages kept
  // weigh over the 1 MB below which the plan keeps no measure of a kind (src/publish/build-plan.ts, measuredScale).
  expect(models * MODEL_PAGE_BYTES).toBeGreaterThan(HOST_LIMITS['vercel-hobby'].totalBytes!.value);
}, 900_000);

afterAll(() => dir.cleanup());

/**
 * No model has a link-preview card of its own (CARD_MODELS=0): the first plan's 118 model cards were most of its extras
 * worker's CPU, and the plan made again left them all out. What a real render's re-plan leaves of the cards is
 * test/e2e/replan.test.ts's.
 */
const stubBuild = (out: string, flags: string[], snapshot = field) =>
  runScript(
    '../src/dev/stub-render/stub-build.ts',
    ['--snapshot', snapshot, '--out', out, '--target', 'vercel-hobby', '--new-history', ...flags],
    { CARD_MODELS: '0' },
    {
      cwd: project,
      timeoutMs: 300_000,
    },
  );

const replanLines = (r: RunResult) => r.stdout.split('\n').filter((l) => l.startsWith('re-plan for '));
const modelPages = (dist: string) => readdirSync(join(dist, 'models')).filter((m) => existsSync(join(dist, 'models', m, 'index.html'))).length;

describe('a site heavier than its plan, over its target’s limits as first planned', () => {
  const out = join(dir.path, 'heavy', 'dist');
  let first: RunResult;

  beforeAll(async () => {
    mkdirSync(join(dir.path, 'heavy'));
    first = await stubBuild(out, ['--model-page-bytes', String(MODEL_PAGE_BYTES)]);
  }, 300_000);

  it('is planned again from what it measured, in one line, made again and published within the limit, in one run', () => {
    expect(first.code, first.stderr).toBe(0);
    // The first plan trusted the weights: every model's page.
    expect(first.stdout).toMatch(/^plan for vercel-hobby \(files 15,000; whole site 100 MB\): everything; estimated /m);
    const [line, ...more] = replanLines(first);
    expect(more).toEqual([]);
    expect(line).toMatch(
      new RegExp(
        `^re-plan for vercel-hobby: the site as first planned is over its limits \\(whole site [\\d,]+ MB of 100 MB\\); planned again from what it measured: model pages only for the [\\d,]+ best of ${models} models; .*; estimated files [\\d,]+; .*whole site [\\d,]+ MB \\(first [\\d.,]+ MB\\); rendering again$`,
      ),
    );
    // The render ran twice, the check passed once.
    expect(first.stdout.match(/^render /gm)).toHaveLength(2);
    const kept = Number(/model pages only for the ([\d,]+) best/.exec(line!)![1]!.replace(/,/g, ''));
    const site = measureSite(out);
    expect(overLimits('vercel-hobby', site)).toEqual([]);
    expect(site.bytes).toBeLessThanOrEqual(HOST_LIMITS['vercel-hobby'].totalBytes!.value);
    // The site is the one planned again: its model pages, and their badges and search records no more than those.
    expect(modelPages(out)).toBe(kept);
    expect(kept).toBeLessThan(models);
    expect(site.kinds['model-page'].bytes).toBeGreaterThanOrEqual(kept * MODEL_PAGE_BYTES);
    const providerPages = existsSync(join(out, 'providers')) ? readdirSync(join(out, 'providers')).length : 0;
    expect(readdirSync(join(out, 'pagefind', 'fragment')).length).toBeLessThanOrEqual(kept + providerPages + FIELD.benches + FIELD.tags + 1);
    // Nothing of the refused site is left beside the new one.
    expect(readdirSync(join(dir.path, 'heavy')).sort()).toEqual(['.dist.build.lock', '.dist.weights.json', 'dist']);
  });

  it('keeps what the site made again measured, and the next build plans within the limit at once', async () => {
    const stored = JSON.parse(readFileSync(join(dir.path, 'heavy', '.dist.weights.json'), 'utf8')) as { scale: Record<string, number> };
    expect(stored.scale['model-page']).toBeGreaterThan(10);
    const next = await stubBuild(out, ['--model-page-bytes', String(MODEL_PAGE_BYTES)]);
    expect(next.code, next.stderr).toBe(0);
    expect(replanLines(next)).toEqual([]);
    expect(next.stdout.match(/^render /gm)).toHaveLength(1);
    expect(overLimits('vercel-hobby', measureSite(out))).toEqual([]);
  }, 300_000);
});

describe('a site that cannot fit its target even as planned again', () => {
  it('fails naming the limit, with the previous site byte for byte as it was', async () => {
    const out = join(dir.path, 'hopeless', 'dist');
    cpSync(small.dist, out, { recursive: true });
    const before = treeOf(out);
    // The small fixture's own snapshot: what cannot fit is the one page every target keeps, whatever the field.
    const r = await stubBuild(out, ['--index-bytes', '150000000'], small.snapshot);
    expect(r.code).toBe(1);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error'))).toEqual([
      expect.stringMatching(
        /^error: the site does not fit Vercel \(Hobby\), even with only what every target keeps as this build measured it: whole site [\d,]+ MB of 95 MB — .*; the previous site is kept$/,
      ),
    ]);
    // It rendered once, and said no plan it could make again.
    expect(r.stdout.match(/^render /gm)).toHaveLength(1);
    expect(replanLines(r)).toEqual([]);
    expect(treeOf(out)).toEqual(before);
    expect(readdirSync(join(dir.path, 'hopeless')).filter((f) => f.includes('.build-'))).toEqual([]);
  }, 300_000);
});
