/**
 * A small static server for a built `dist/`, on loopback, that answers as the static hosts the site
 * is published to do: a folder's address serves its `index.html`, `/x` redirects (301) to `/x/`
 * when `x/index.html` exists, anything missing gets `404.html` with status 404, and nothing
 * outside the folder is ever served. `npm run preview`, the demo and the browser tests use it.
 */
import { createReadStream, existsSync, realpathSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

export type Answer = { kind: 'file'; path: string; status: 200 | 404 } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/**
 * What a static host answers for `pathname` (percent-encoded, as requested) and `search`, from the
 * folder `root` published under `base` (`/`, or `/mirror/` for a site under a path).
 */
export function answer(root: string, base: string, pathname: string, search = ''): Answer {
  const realRoot = realpathSync(root);
  const missing = (): Answer => (isFile(join(realRoot, '404.html')) ? { kind: 'file', path: join(realRoot, '404.html'), status: 404 } : { kind: 'not-found' });
  if (`${pathname}/` === base) return { kind: 'redirect', location: base + search };
  if (!pathname.startsWith(base)) return missing();
  let rel: string;
  try {
    rel = decodeURIComponent(pathname.slice(base.length));
  } catch {
    return missing();
  }
  if (rel.includes('\0')) return missing();
  const target = resolve(realRoot, rel);
  if (target !== realRoot && !target.startsWith(realRoot + sep)) return missing();
  // Only what lies inside the folder once links are followed.
  const inside = (path: string) => {
    const real = realpathSync(path);
    return real === realRoot || real.startsWith(realRoot + sep);
  };
  if (rel === '' || rel.endsWith('/')) {
    const index = join(target, 'index.html');
    return isFile(index) && inside(index) ? { kind: 'file', path: index, status: 200 } : missing();
  }
  if (isFile(target)) return inside(target) ? { kind: 'file', path: target, status: 200 } : missing();
  if (isFile(join(target, 'index.html'))) return { kind: 'redirect', location: `${pathname}/${search}` };
  return missing();
}

export interface StaticServer {
  /** The site's address, its base path included. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  dir: string;
  /** The site's base path, starting and ending with `/`. */
  base?: string;
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Text sent gzipped to a client that accepts it, as the hosts send it: what a measure of a page's loading needs (npm run lighthouse). */
  gzip?: boolean;
}

/** The types a host compresses on the wire. */
const COMPRESSED = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

export function serveStatic({ dir, base = '/', host = '127.0.0.1', port = 0, gzip = false }: StaticServerOptions): Promise<StaticServer> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    let result: Answer;
    try {
      result = answer(root, base, url.pathname, url.search);
    } catch {
      result = { kind: 'not-found' };
    }
    if (result.kind === 'redirect') {
      res.writeHead(301, { Location: result.location, 'Content-Length': 0 }).end();
    } else if (result.kind === 'not-found') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    } else {
      const type = TYPES[extname(result.path).toLowerCase()] ?? 'application/octet-stream';
      const zipped = gzip && COMPRESSED.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const length = zipped ? { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' } : { 'Content-Length': statSync(result.path).size };
      res.writeHead(result.status, { 'Content-Type': type, ...length, 'X-Content-Type-Options': 'nosniff' });
      if (req.method === 'HEAD') res.end();
      else if (zipped) createReadStream(result.path).pipe(createGzip()).pipe(res);
      else createReadStream(result.path).pipe(res);
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolvePromise({
        url: `http://${host}:${actual}${base}`,
        port: actual,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
