/**
 * The doctor's first two checks: the Node that runs the tools and the packages installed beside
 * them. Node's own modules only, so they can say "run npm ci" where a missing package would stop
 * every other check before its first line.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fail, ok, type Verdict } from './verdict.ts';

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** `a.b.c` of a version, compared as numbers. */
const parts = (version: string) => version.split('.').map((n) => Number.parseInt(n, 10) || 0);
const atLeast = (version: string, minimum: string) => {
  const [v, m] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) if ((v[i] ?? 0) !== (m[i] ?? 0)) return (v[i] ?? 0) > (m[i] ?? 0);
  return true;
};

/** The running Node against package.json's `engines` (`>=24.11.0`). */
export function checkNode(root: string, version = process.versions.node): Verdict {
  const engines = (readJson(join(root, 'package.json')).engines as { node?: string } | undefined)?.node ?? '';
  const minimum = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines.trim())?.[1];
  if (minimum && !atLeast(version, minimum)) {
    return fail('Node', 'usage', `Node ${version}; package.json's engines asks for ${engines}`, 'run `source scripts/node-24.sh` (or `nvm use`), then npm ci');
  }
  return ok('Node', `Node ${version}${minimum ? `, as package.json's engines asks (${engines})` : ''}`);
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  link?: boolean;
}

/**
 * Every package a deploy needs (package-lock.json's, without the development and optional ones)
 * installed at the version the lock pins, and the one native module, better-sqlite3, loading in this Node.
 */
export function checkDependencies(root: string): Verdict {
  const lockPath = join(root, 'package-lock.json');
  if (!existsSync(lockPath)) return fail('dependencies', 'usage', `no package-lock.json in ${root}`, 'run the doctor from the checkout (npm run doctor)');
  const packages = (readJson(lockPath).packages ?? {}) as Record<string, LockEntry>;
  const needed = Object.entries(packages).filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev && !entry.optional && !entry.link);
  const wrong: string[] = [];
  for (const [path, entry] of needed) {
    const manifest = join(root, path, 'package.json');
    const installed = existsSync(manifest) ? (readJson(manifest).version as string | undefined) : undefined;
    if (installed !== entry.version)
      wrong.push(`${path.slice(path.lastIndexOf('node_modules/') + 13)} ${installed ? `${installed}, not ${entry.version}` : 'missing'}`);
  }
  if (wrong.length) {
    const shown = wrong.slice(0, 3).join(', ');
    return fail(
      'dependencies',
      'usage',
      `${wrong.length} of ${needed.length} packages not as package-lock.json pins them (${shown}${wrong.length > 3 ? ', …' : ''})`,
      'run npm ci',
    );
  }
  try {
    const Database = createRequire(join(root, 'package.json'))('better-sqlite3') as new (path: string) => { close(): void };
    new Database(':memory:').close();
  } catch (err) {
    return fail(
      'dependencies',
      'usage',
      `better-sqlite3 does not load in Node ${process.versions.node}: ${String((err as Error).message).split('\n')[0]}`,
      'run npm ci with this Node',
    );
  }
  return ok('dependencies', `${needed.length} packages as package-lock.json pins them; better-sqlite3 loads`);
}
