/**
 * Where the soak's mirror is published, on loopback: the Pages host (SITE_URL), which serves the
 * last deploy as a static host does (src/publish/static-server.ts's answers), and the releases
 * (STATE_URL is the release `mirror-state`'s download address), which the `gh` shim writes. Its
 * faults: the host serving the deploy before the last, and a damaged part of the published state.
 */
import { createReadStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { answer } from '../../publish/static-server.ts';

export const RELEASE = 'mirror-state';

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
}

export class Host {
  readonly dir: string;
  /** The live site, the deploy before it, and the releases the `gh` shim keeps. */
  readonly site: string;
  readonly previous: string;
  readonly releases: string;
  siteUrl = '';
  stateUrl = '';
  /** Today the host serves the deploy before the last (a rollback, a CDN's stale edge), until the next deploy. */
  servingPrevious = false;
  /** Requests the host answered, by path: what read the published site and state. */
  readonly requests: string[] = [];
  #servers: Server[] = [];

  constructor(dir: string) {
    this.dir = dir;
    this.site = join(dir, 'pages/live');
    this.previous = join(dir, 'pages/previous');
    this.releases = join(dir, 'releases');
    mkdirSync(join(dir, 'pages'), { recursive: true });
    mkdirSync(this.releases, { recursive: true });
  }

  get release(): string {
    return join(this.releases, RELEASE);
  }

  async start(): Promise<void> {
    const pages = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.requests.push(url.pathname);
      const root = this.servingPrevious && existsSync(this.previous) ? this.previous : this.site;
      const found = existsSync(root) ? answer(root, '/', url.pathname, url.search) : ({ kind: 'not-found' } as const);
      if (found.kind === 'redirect') res.writeHead(301, { Location: found.location, 'Content-Length': 0 }).end();
      else if (found.kind === 'not-found') res.writeHead(404, { 'Content-Length': 0 }).end();
      else {
        res.writeHead(found.status, { 'Content-Length': statSync(found.path).size });
        createReadStream(found.path).pipe(res);
      }
    });
    const prefix = `/releases/download/${RELEASE}/`;
    const releases = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      this.requests.push(url.pathname);
      const name = url.pathname.startsWith(prefix) ? decodeURIComponent(url.pathname.slice(prefix.length)) : '';
      const file = join(this.release, name);
      if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.') || !existsSync(file)) res.writeHead(404, { 'Content-Length': 0 }).end();
      else {
        res.writeHead(200, { 'Content-Length': statSync(file).size });
        createReadStream(file).pipe(res);
      }
    });
    this.#servers = [pages, releases];
    this.siteUrl = `http://127.0.0.1:${await listen(pages)}/`;
    this.stateUrl = `http://127.0.0.1:${await listen(releases)}${prefix}`;
  }

  /** The deploy job: the artifact (on the same disk) becomes the live site, the live one the previous. */
  deploy(artifact: string): void {
    rmSync(this.previous, { recursive: true, force: true });
    if (existsSync(this.site)) renameSync(this.site, this.previous);
    renameSync(artifact, this.site);
    this.servingPrevious = false;
  }

  /** The published state's manifest and the parts it lists, as the release holds them now. */
  stateManifest(): { parts: { path: string; sha256: string }[]; raw: Record<string, unknown> } | undefined {
    const path = join(this.release, 'manifest.json');
    if (!existsSync(path)) return undefined;
    const raw = JSON.parse(readFileSync(path, 'utf8')) as { files?: { path: string; sha256: string }[] };
    return { parts: raw.files ?? [], raw };
  }

  /** Flips a byte in the middle of the first part the live manifest lists; the part's name, or undefined without one. */
  damageState(): string | undefined {
    const part = this.stateManifest()?.parts[0];
    if (!part) return undefined;
    const file = join(this.release, part.path);
    const bytes = readFileSync(file);
    const i = Math.floor(bytes.length / 2);
    bytes[i] = bytes[i]! ^ 0xff;
    writeFileSync(file, bytes);
    return part.path;
  }

  async close(): Promise<void> {
    await Promise.all(
      this.#servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
  }
}
