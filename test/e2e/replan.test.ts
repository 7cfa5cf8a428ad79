/**
 * The second chance with a real render: 1,500 generated configurations with details for every one,
 * built for Vercel Hobby (100 MB) with weights a previous build of the folder is said to have measured
 * at 0.3 times the pages' real weight. The first plan makes everything; Astro renders a site over the
 * limit; the build plans again from what it measured, in one line, renders again, and publishes a site
 * within the limit whose every link, feed entry, sitemap entry and search record names a page it made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSample, serializeDetails, serializeExport } from '../../src/dev/sample/generate.ts';
import { measureSite } from '../../src/publish/site-figures.ts';
import { overLimits } from '../../src/site/plan/hosts.ts';
import { checkLinks } from '../helpers/link-check.ts';
import { readSite } from '../helpers/site.ts';
import { copyProject, runScript, tempDir, type RunResult } from '../helpers/env.ts';

const SITE_URL = 'http://localhost:4321/';
const dir = tempDir();
const out = join(dir.path, 'site', 'dist');
let build: RunResult;

beforeAll(async () => {
  const project = copyProject(join(dir.path, 'project'));
  const generated = generateSample({ configurations: 1_500, benches: 300, tags: 150, withDetails: true });
  writeFileSync(join(dir.path, 'export.json'), serializeExport(generated.export));
  writeFileSync(join(dir.path, 'details.json'), serializeDetails(generated.details));
  const snapshot = join(dir.path, 'snapshot.db');
  const stored = await runScript(
    'snapshot.ts',
    ['--from-file', join(dir.path, 'export.json'), '--details-file', join(dir.path, 'details.json'), '--out', snapshot],
    {},
    { cwd: project },
  );
  if (stored.code !== 0) throw new Error(`the snapshot failed:\n${stored.stderr}`);
  // What a previous build of the folder would have kept, had its pages weighed 0.3 times what these do.
  const light = ['model-page', 'configuration-page', 'comparison', 'benchmark-page', 'tag-page', 'model-file', 'downloads'];
  mkdirSync(join(dir.path, 'site'));
  writeFileSync(join(dir.path, 'site', '.dist.weights.json'), JSON.stringify({ scale: Object.fromEntries(light.map((k) => [k, 0.3])) }));
  build = await runScript(
    'build.ts',
    ['--snapshot', snapshot, '--out', out, '--target', 'vercel-hobby', '--new-history'],
    { SITE_URL },
    {
      cwd: project,
      timeoutMs: 900_000,
    },
  );
}, 1_000_000);

afterAll(() => dir.cleanup());

describe('a real build whose site is over its target’s limits as first planned', () => {
  it('plans again from what it measured, in one line, renders again and publishes a site within the limit', () => {
    expect(build.code, build.stderr).toBe(0);
    expect(build.stdout).toMatch(/^plan for vercel-hobby \(files 15,000; whole site 100 MB\): everything; /m);
    const lines = build.stdout.split('\n').filter((l) => l.startsWith('re-plan for '));
    expect(lines).toEqual([
      expect.stringMatching(/^re-plan for vercel-hobby: the site as first planned is over its limits \(whole site [\d,]+ MB of 100 MB\); /),
    ]);
    expect(build.stdout.match(/^render /gm)).toHaveLength(2);
    expect(overLimits('vercel-hobby', measureSite(out))).toEqual([]);
  });

  it('gives out no address of anything it left out: links, feeds, the sitemap, the search index', () => {
    const report = checkLinks(readSite(out), SITE_URL);
    expect(report.broken).toEqual([]);
    expect(report.checked).toBeGreaterThan(50_000);
  }, 300_000);
});
