/**
 * The files Netlify and Cloudflare Pages read beside a site, parsed as their documentation
 * describes them: `_headers` (a path line, then indented `Name: value` lines; `#` comments; every
 * matching rule applies) and `_redirects` (`from to [status]` per line; the first match wins), and
 * the uploads of deploy/bucket-sync.sh, run with a stand-in `aws` that records its arguments.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './env.ts';

export interface HeaderRule {
  path: string;
  headers: [string, string][];
  line: number;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim() || raw.trim().startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      rules.push({ path: raw.trim(), headers: [], line: i + 1 });
      return;
    }
    const rule = rules.at(-1);
    const m = /^\s+([A-Za-z0-9-]+):\s*(.*\S)\s*$/.exec(raw);
    if (!rule || !m) throw new Error(`_headers line ${i + 1} is neither a path nor an indented "Name: value": ${JSON.stringify(raw)}`);
    rule.headers.push([m[1]!, m[2]!]);
  });
  return rules;
}

/** True when a rule's path (a `*` splat matches anything, a `:name` placeholder one segment) matches a URL path. */
export function pathMatches(pattern: string, path: string): boolean {
  const regex = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${regex}$`).test(path);
}

/** Every header a URL path gets: values of one name from several rules, as the hosts join them. */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const rule of rules)
    if (pathMatches(rule.path, path))
      for (const [name, value] of rule.headers) {
        const key = name.toLowerCase();
        out.set(key, [...(out.get(key) ?? []), value]);
      }
  return out;
}

export interface Redirect {
  from: string;
  to: string;
  status: number;
  line: number;
}

export function parseRedirectsFile(text: string): Redirect[] {
  const out: Redirect[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [from, to, status, ...rest] = line.split(/\s+/);
    if (!from || !to || rest.length || (status !== undefined && !/^[1-5]\d\d!?$/.test(status)))
      throw new Error(`_redirects line ${i + 1} is not "from to [status]": ${JSON.stringify(raw)}`);
    out.push({ from, to, status: status ? Number.parseInt(status, 10) : 301, line: i + 1 });
  });
  return out;
}

/** The URL path a file of dist/ is served at (`models/x/index.html` -> `/models/x/`). */
export const urlPathOf = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`;

/** `aws s3 sync` filters: every file starts included, --exclude and --include apply in order, the last match wins. */
export function syncIncludes(args: readonly string[], file: string): boolean {
  let keep = true;
  for (let i = 0; i < args.length; i++) {
    if (args[i] !== '--exclude' && args[i] !== '--include') continue;
    const glob = new RegExp(`^${args[i + 1]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    if (glob.test(file)) keep = args[i] === '--include';
  }
  return keep;
}

/** The calls deploy/bucket-sync.sh makes of the AWS CLI for `dist`, each its arguments; with its exit status and what it printed on stderr. */
export function bucketSyncCalls(dist: string): { status: number | null; stderr: string; calls: string[][] } {
  const work = tempDir('mirror-bucket-');
  try {
    const log = join(work.path, 'calls.jsonl');
    // A stand-in for the AWS CLI on PATH: it records its arguments, one JSON array per call.
    writeFileSync(
      join(work.path, 'aws'),
      `#!/usr/bin/env node\nrequire('fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify(process.argv.slice(2)) + '\\n');\n`,
    );
    chmodSync(join(work.path, 'aws'), 0o755);
    const run = spawnSync('sh', [join(ROOT, 'deploy/bucket-sync.sh'), dist], {
      env: { PATH: `${work.path}:${process.env.PATH}`, BUCKET: 's3://mirror-test' },
      encoding: 'utf8',
    });
    let calls: string[][] = [];
    try {
      calls = readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as string[]);
    } catch {
      // No call made.
    }
    return { status: run.status, stderr: run.stderr, calls };
  } finally {
    work.cleanup();
  }
}
