/**
 * The deploy recipes, read as each host reads them: Netlify's netlify.toml, Cloudflare Pages'
 * wrangler.toml, `_headers` and `_redirects` in the built site, GitHub Pages' workflow, and the
 * bucket upload script, run with a stand-in `aws` that records its arguments, then checked file by
 * file against the cache lifetime `_headers` gives the same URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers/env.ts';
import { sharedSite } from '../helpers/shared-sites.ts';
import { readSite, type BuiltSite } from '../helpers/site.ts';
import { bucketSyncCalls, headersFor, parseHeadersFile, parseRedirectsFile, syncIncludes } from '../helpers/hosts.ts';

let site: BuiltSite;
let dist: string;

beforeAll(async () => {
  dist = (await sharedSite('sample')).dist;
  site = readSite(dist);
}, 600_000);

const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };
/** The URL a visitor asks for to get a file: a folder's index.html is its folder. */
const urlOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

describe('Netlify and Cloudflare Pages', () => {
  it('build with an npm script of this project on the Node of .nvmrc (24) and publish dist/', () => {
    const netlify = parseToml(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')) as {
      build: { command: string; publish: string; environment: Record<string, string> };
    };
    expect(netlify.build.publish).toBe('dist');
    const script = /^npm run (\S+)$/.exec(netlify.build.command)?.[1];
    expect(Object.keys(packageJson.scripts)).toContain(script);
    const nvmrc = readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim();
    expect(netlify.build.environment.NODE_VERSION).toBe(nvmrc);
    expect(packageJson.engines.node).toBe(`>=${nvmrc}.11.0`);
    const wrangler = parseToml(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8')) as { pages_build_output_dir: string; vars: Record<string, string> };
    expect(wrangler.pages_build_output_dir).toBe('dist');
    // Each recipe builds for its host, so the site fits that host's limits.
    expect(netlify.build.environment.DEPLOY_TARGET).toBe('netlify');
    expect(wrangler.vars.DEPLOY_TARGET).toBe('cloudflare-pages');
  });

  it('find _headers and _redirects in dist/, every rule well-formed, every redirect to a built page', () => {
    const rules = parseHeadersFile(site.read('_headers'));
    expect(rules.length).toBeGreaterThan(10);
    const redirects = parseRedirectsFile(site.read('_redirects'));
    expect(redirects.map((r) => [r.from, r.to, r.status])).toEqual([
      ['/leaderboard/', '/', 301],
      ['/leaderboard/1/', '/', 301],
    ]);
    for (const r of redirects) expect(site.files).toContain(`${r.to.slice(1)}index.html`);
  });

  it('give every served file exactly one cache lifetime, and every response the security headers', () => {
    const rules = parseHeadersFile(site.read('_headers'));
    for (const file of site.files.filter((f) => f !== '_headers' && f !== '_redirects')) {
      const headers = headersFor(rules, urlOf(file));
      expect(headers.get('cache-control'), file).toHaveLength(1);
      expect(headers.get('content-security-policy'), file).toHaveLength(1);
    }
  });
});

describe('GitHub Pages', () => {
  it('is deployed by the scheduled workflow from dist/', () => {
    const workflow = parseYaml(readFileSync(join(ROOT, '.github/workflows/refresh.yml'), 'utf8')) as {
      jobs: Record<string, { steps?: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const steps = Object.values(workflow.jobs).flatMap((j) => j.steps ?? []);
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))?.with?.path).toBe('dist');
    expect(steps.some((s) => s.uses?.startsWith('actions/deploy-pages@'))).toBe(true);
  });
});

describe('a static bucket', () => {
  it('uploads every file once, with the cache lifetime _headers gives its URL', () => {
    const run = bucketSyncCalls(dist);
    expect(run.status, run.stderr).toBe(0);
    const { calls } = run;
    expect(calls.length).toBeGreaterThan(2);
    for (const call of calls) expect(call.slice(0, 4)).toEqual(['s3', 'sync', dist, 's3://mirror-test']);
    const rules = parseHeadersFile(site.read('_headers'));
    for (const file of site.files) {
      const uploads = calls.filter((c) => syncIncludes(c.slice(4), file));
      if (file === '_headers' || file === '_redirects') {
        expect(uploads, file).toEqual([]);
        continue;
      }
      expect(uploads.length, file).toBe(1);
      const lifetime = uploads[0]![uploads[0]!.indexOf('--cache-control') + 1];
      expect(lifetime, file).toBe(headersFor(rules, urlOf(file)).get('cache-control')?.[0]);
    }
  });

  it('fails with a message, uploading nothing, when BUCKET is not set', () => {
    const run = spawnSync('sh', [join(ROOT, 'deploy/bucket-sync.sh'), dist], { env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/BUCKET/);
  });
});

describe('the README’s hosts table', () => {
  it('names every host the recipes cover', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Deploy recipes'));
    for (const host of ['GitHub Pages', 'Netlify', 'Cloudflare Pages', 'bucket']) expect(section).toContain(host);
  });
});
