/**
 * The scheduled rebuild workflow and the CDN headers, read as the files they are: the workflow
 * against the GitHub workflow schema (offline), the headers with a small `_headers` parser.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/env.ts';

const workflow = readFileSync(join(ROOT, '.github/workflows/refresh.yml'), 'utf8');
/** The workflow without its comment lines, so a commented-out step does not count. */
const active = workflow
  .split('\n')
  .filter((line) => !/^\s*#/.test(line))
  .join('\n');

/** The `run:` block of the step whose `id` is given, as the shell sees it. */
function runOf(id: string): string {
  const step = new RegExp(`\\n\\s+id: ${id}\\n[\\s\\S]*?\\n(\\s+)run: \\|\\n([\\s\\S]*?)(?=\\n\\s*\\n|\\n\\s+- |$)`).exec(active);
  if (!step) throw new Error(`no run block for step ${id}`);
  return step[2]!;
}

describe('.github/workflows/refresh.yml', () => {
  it('passes the GitHub workflow schema with no errors', () => {
    const { errors } = validateWorkflow(workflow);
    if (errors.length) console.error(JSON.stringify(errors, null, 2));
    expect(errors).toEqual([]);
  });

  it('runs daily on a schedule and by hand, with a force input that adds --force', () => {
    expect(active).toMatch(/\n {2}schedule:\n\s+- cron: '(\d+) (\d+) \* \* \*'/);
    const [, minute] = /cron: '(\d+) /.exec(active)!;
    expect(Number(minute)).not.toBe(0);
    expect(active).toMatch(/\n {2}workflow_dispatch:\n\s+inputs:\n\s+force:\n[\s\S]*?type: boolean/);
    expect(active).toMatch(/FORCE: \$\{\{ inputs\.force \}\}/);
    expect(runOf('refresh')).toMatch(/if \[ "\$FORCE" = "true" \]; then args\+=\(--force\); fi/);
  });

  it('never runs two at once, and grants only what each job needs', () => {
    expect(active).toMatch(/\nconcurrency:\n\s+group: \S+\n\s+cancel-in-progress: false/);
    expect(active).toMatch(/\npermissions:\n {2}contents: read\n/);
    expect(active).not.toMatch(/write-all|contents: write/);
    // Only the deploy job may write to Pages and mint an OIDC token.
    const deploy = active.slice(active.indexOf('\n  deploy:'));
    expect(deploy).toMatch(/pages: write/);
    expect(deploy).toMatch(/id-token: write/);
    expect(active.slice(0, active.indexOf('\n  deploy:'))).not.toMatch(/pages: write|id-token/);
  });

  it('reads the key only from secrets.RANKING_API_KEY, in the refresh step only, and never prints the environment', () => {
    expect(active.match(/RANKING_API_KEY: \$\{\{ secrets\.RANKING_API_KEY \}\}/g)).toHaveLength(1);
    // The shell never expands it: only the refresh tool reads it, from its environment.
    expect(active).not.toMatch(/\$\{?RANKING_API_KEY/);
    expect(active.match(/secrets\./g)).toHaveLength(1);
    for (const name of ['RANKING_API_URL', 'SITE_URL', 'ATTRIBUTION_URL', 'ATTRIBUTION_NAME']) {
      expect(active).toMatch(new RegExp(`${name}: \\$\\{\\{ vars\\.${name}\\b`));
    }
    expect(active).not.toMatch(/set -x|set -o xtrace|printenv|^\s*env\s*$|\$\{\{ toJSON\((secrets|env)\)/m);
  });

  it('restores and saves the snapshot and the site between runs with a new key each run', () => {
    expect(active).toMatch(/uses: actions\/cache@v4/);
    expect(active).toMatch(/path: \|\n\s+data\/snapshot\.db\n\s+data\/snapshot\.db\.state\.json\n\s+dist\n/);
    expect(active).toMatch(/key: snapshot-\$\{\{ github\.run_id \}\}/);
    expect(active).toMatch(/restore-keys: snapshot-\n/);
  });

  it('runs npm run refresh with Node 20 and npm ci, and explains every exit code of the contract', () => {
    expect(active).toMatch(/uses: actions\/setup-node@v4\n\s+with:\n\s+node-version: 20\n\s+cache: npm/);
    expect(active).toMatch(/run: npm ci\n/);
    const refresh = runOf('refresh');
    expect(refresh).toMatch(/npm run refresh -- "\$\{args\[@\]\}"/);
    expect(refresh).toMatch(/set \+e/);
    for (const code of [2, 3, 4, 6]) expect(refresh).toMatch(new RegExp(`\\n\\s+${code}\\) echo "::error title=[^"]*::`));
    for (const code of [5, 7]) expect(refresh).toMatch(new RegExp(`\\n\\s+${code}\\) echo "::warning title=[^"]*::`));
    expect(refresh).toMatch(/3\) [^\n]*(Rotate|replace)[^\n]*RANKING_API_KEY/);
    expect(refresh).toMatch(/4\) [^\n]*resets[^\n]*Not retried/);
    expect(refresh).toMatch(/6\) [^\n]*changelog[^\n]*allow_shrink/);
  });

  it('rebuilds the restored snapshot when the fetch fails, and fails clearly when there is none', () => {
    const fallback = runOf('fallback');
    expect(fallback).toMatch(
      /if \[ ! -f data\/snapshot\.db \]; then\n\s+echo "::error[^\n]*\n\s+exit 1\n\s+fi\n(\s+#[^\n]*\n)?\s+if \[ ! -f dist\/data\/snapshot\.json \]; then npm run build; fi/,
    );
    expect(active).toMatch(/id: fallback\n\s+if: steps\.refresh\.outputs\.code != '0' && steps\.refresh\.outputs\.code != '1'/);
    // Transient failures (5, 7) stay green; the others turn the run red after publishing the last good site.
    expect(active).toMatch(
      /if: steps\.refresh\.outputs\.code != '0' && steps\.refresh\.outputs\.code != '5' && steps\.refresh\.outputs\.code != '7'\n[\s\S]*?exit 1/,
    );
  });

  it('uploads dist/ for Pages and deploys it unless DEPLOY_PAGES is false', () => {
    expect(active).toMatch(/uses: actions\/upload-pages-artifact@v\d+\n\s+with:\n\s+path: dist\n/);
    expect(active).toMatch(
      /\n {2}deploy:\n\s+needs: build\n\s+if: \$\{\{ !cancelled\(\) && needs\.build\.outputs\.site == 'true' && vars\.DEPLOY_PAGES != 'false' \}\}/,
    );
    expect(active).toMatch(/uses: actions\/deploy-pages@v4/);
    expect(active).toMatch(/name: github-pages/);
  });

  it('pins every action to a major version', () => {
    const uses = [...active.matchAll(/uses: (\S+)/g)].map((m) => m[1]!);
    expect(uses.length).toBeGreaterThanOrEqual(5);
    for (const u of uses) expect(u).toMatch(/^[\w.-]+\/[\w.-]+@v\d+$/);
  });
});

/** `_headers` as Netlify and Cloudflare Pages read it: a path line, then indented `Name: value` lines. */
function parseHeaders(text: string): Map<string, Map<string, string>> {
  const rules = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const [i, raw] of text.split('\n').entries()) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      if (!raw.startsWith('/')) throw new Error(`line ${i + 1}: a path must start with /: ${raw}`);
      if (rules.has(raw.trim())) throw new Error(`line ${i + 1}: ${raw.trim()} is listed twice`);
      current = new Map();
      rules.set(raw.trim(), current);
      continue;
    }
    const m = /^\s+([A-Za-z0-9-]+):\s*(.+)$/.exec(raw);
    if (!m || !current) throw new Error(`line ${i + 1}: not a header of a path: ${raw}`);
    current.set(m[1]!.toLowerCase(), m[2]!.trim());
  }
  return rules;
}

/** A rule's path matches a URL path: `*` is a splat, anything else is literal. */
function matches(rule: string, path: string): boolean {
  const pattern = rule
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`).test(path);
}

/** Every value of `name` a request for `path` gets; more than one means the hosts would join them. */
function headerFor(rules: Map<string, Map<string, string>>, path: string, name: string): string[] {
  return [...rules].filter(([rule, headers]) => matches(rule, path) && headers.has(name)).map(([, headers]) => headers.get(name)!);
}

const maxAge = (value: string | undefined) => Number(/max-age=(\d+)/.exec(value ?? '')?.[1]);

describe('public/_headers', () => {
  const rules = parseHeaders(readFileSync(join(ROOT, 'public/_headers'), 'utf8'));

  it('caches the hashed assets for a year as immutable', () => {
    const values = headerFor(rules, '/_astro/index.Cr2lMuI9.css', 'cache-control');
    expect(values).toHaveLength(1);
    expect(values[0]).toMatch(/\bpublic\b/);
    expect(values[0]).toMatch(/\bimmutable\b/);
    expect(maxAge(values[0])).toBe(31_536_000);
  });

  it('keeps HTML pages short-lived, each with exactly one Cache-Control', () => {
    for (const page of [
      '/',
      '/404.html',
      '/about/',
      '/models/some-model/',
      '/configurations/some-configuration/',
      '/compare/',
      '/compare/a-vs-b/',
      '/benchmarks/',
      '/benchmarks/some-bench/',
      '/tags/',
      '/tags/coding/',
      '/changes/',
      '/leaderboard/2/',
    ]) {
      const values = headerFor(rules, page, 'cache-control');
      expect(values, page).toHaveLength(1);
      expect(maxAge(values[0]), page).toBeLessThanOrEqual(300);
      expect(values[0], page).toMatch(/must-revalidate/);
      expect(values[0], page).not.toMatch(/immutable/);
    }
  });

  it('gives the downloads, the feed and the crawler files a lifetime in line with the API', () => {
    for (const file of ['/data/models.json', '/data/models.csv', '/changes/feed.xml', '/sitemap-index.xml', '/robots.txt']) {
      const values = headerFor(rules, file, 'cache-control');
      expect(values, file).toHaveLength(1);
      expect(maxAge(values[0]), file).toBeGreaterThan(300);
      expect(maxAge(values[0]), file).toBeLessThanOrEqual(86_400);
    }
  });

  it('sends the security headers everywhere, with a same-origin script policy', () => {
    for (const path of ['/', '/models/x/', '/data/models.json', '/_astro/a.js']) {
      expect(headerFor(rules, path, 'x-content-type-options')).toEqual(['nosniff']);
      expect(headerFor(rules, path, 'referrer-policy')).toEqual(['strict-origin-when-cross-origin']);
      const [csp, ...more] = headerFor(rules, path, 'content-security-policy');
      expect(more).toEqual([]);
      const directives = new Map(
        csp!
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k!, v]),
      );
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      // The score bars set custom properties in style attributes; style elements stay same-origin.
      expect(directives.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      expect(directives.get('style-src-elem')).toEqual(["'self'"]);
    }
  });
});
