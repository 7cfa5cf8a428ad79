/** The preview server answers as a static host: trailing-slash redirects, folder indexes, the 404 page, nothing outside dist/. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic, type StaticServer } from '../../src/publish/static-server.ts';
import { NPM_SCRIPT_FLAGS, ROOT, SHIFTED_CLOCK, tempDir } from '../helpers/env.ts';

const dir = tempDir();
const dist = join(dir.path, 'dist');
let server: StaticServer;
let mirror: StaticServer;

beforeAll(async () => {
  mkdirSync(join(dist, 'about'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<h1>home</h1>');
  writeFileSync(join(dist, 'about/index.html'), '<h1>about</h1>');
  writeFileSync(join(dist, '404.html'), '<h1>not found</h1>');
  writeFileSync(join(dist, 'models.csv'), 'rank\r\n1\r\n');
  writeFileSync(join(dir.path, 'secret.txt'), 'outside');
  symlinkSync(join(dir.path, 'secret.txt'), join(dist, 'link.txt'));
  server = await serveStatic({ dir: dist });
  mirror = await serveStatic({ dir: dist, base: '/mirror/' });
});

afterAll(async () => {
  await server?.close();
  await mirror?.close();
  dir.cleanup();
});

const get = (base: StaticServer, path: string) => fetch(new URL(path, base.url), { redirect: 'manual' });

describe('the preview server', () => {
  it('redirects a folder without its trailing slash, keeping the query', async () => {
    const r = await get(server, '/about?tag=math');
    expect([r.status, r.headers.get('location')]).toEqual([301, '/about/?tag=math']);
  });

  it('serves a folder’s index.html at its address', async () => {
    const r = await get(server, '/about/');
    expect([r.status, r.headers.get('content-type'), await r.text()]).toEqual([200, 'text/html; charset=utf-8', '<h1>about</h1>']);
  });

  it('serves a file with its type', async () => {
    const r = await get(server, '/models.csv');
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
  });

  it('answers a missing page with 404.html and status 404', async () => {
    const r = await get(server, '/nope/');
    expect([r.status, await r.text()]).toEqual([404, '<h1>not found</h1>']);
  });

  it('serves nothing outside the folder, encoded or linked', async () => {
    const answers = await Promise.all(['/..%2fsecret.txt', '/%2e%2e/secret.txt', '/link.txt'].map(async (p) => (await get(server, p)).status));
    expect(answers).toEqual([404, 404, 404]);
  });

  it('serves a site under a path there, and redirects the path without its slash', async () => {
    const [page, bare] = await Promise.all([get(mirror, '/mirror/about/'), get(mirror, '/mirror')]);
    expect([page.status, bare.status, bare.headers.get('location')]).toEqual([200, 301, '/mirror/']);
  });

  it('is started by npm run preview, which prints its address', async () => {
    const child = spawn(process.execPath, [...NPM_SCRIPT_FLAGS(), join(ROOT, 'scripts/preview.ts'), '--dir', dist, '--port', '0'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...SHIFTED_CLOCK },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /Serving .* at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.on('exit', (code) => reject(new Error(`preview exited with ${code}: ${out}`)));
      });
      const r = await fetch(`${url}about`, { redirect: 'manual' });
      expect([r.status, r.headers.get('location')]).toEqual([301, '/about/']);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
