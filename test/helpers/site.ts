/** Fixture snapshots with history, and a parsed view of a built `dist/`. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { load, type CheerioAPI } from 'cheerio';
import { Parser } from 'htmlparser2';
import { snapshotCli } from '../../src/snapshot/snapshot-cli.ts';
import { captureReporter } from './env.ts';
import { fixtureDetails, fixtureExport, GENERATED_AT } from './fixture.ts';
import { filesUnder } from './files.ts';

const DAY = 86_400_000;
/** Before the 2026-09-17 method change: never joined to later points. */
export const BEFORE_METHOD_CHANGE = Date.UTC(2026, 8, 10);

async function load_(out: string, exportPath: string, detailsPath?: string): Promise<void> {
  const args = ['--from-file', exportPath, '--out', out, ...(detailsPath ? ['--details-file', detailsPath] : [])];
  const captured = captureReporter();
  const r = await snapshotCli(args, { env: {}, reporter: captured.reporter });
  if (r.code !== 0) throw new Error(`fixture snapshot failed (${r.code}):\n${captured.text()}`);
}

/**
 * Three snapshots into one file: one before the method change, one a day before the fixture
 * (scores shuffled so ranks move, one benchCount one lower), then the hostile fixture itself with two details, one stale. Then rows that
 * validation would have refused are forced into the file, as a corrupted or tampered store would
 * hold them, to prove the site's own guard.
 */
export async function fixtureSnapshot(dir: string): Promise<string> {
  const out = join(dir, 'fixture.db');
  const old = fixtureExport({ hostile: false, generatedAt: BEFORE_METHOD_CHANGE });
  writeFileSync(join(dir, 'a.json'), JSON.stringify(old));
  await load_(out, join(dir, 'a.json'));

  const yesterday = fixtureExport({ hostile: false, generatedAt: GENERATED_AT - DAY });
  yesterday.models = yesterday.models
    .filter((m) => m.slug !== 'plain-7')
    .map((m) =>
      m.slug === 'mistral-x'
        ? { ...m, supraScore: 95 }
        : m.slug === 'plain-6'
          ? { ...m, supraScore: 45 }
          : // Its own evidence changes, while its model's best configuration only moves with the field.
            m.slug === 'quillon-3-low'
            ? { ...m, benchCount: 2 }
            : m,
    );
  yesterday.models.push({ ...yesterday.models[0]!, slug: 'retired-1', familyTag: 'retired', name: 'Retired One', supraScore: 33 });
  writeFileSync(join(dir, 'b.json'), JSON.stringify(yesterday));
  await load_(out, join(dir, 'b.json'));

  writeFileSync(join(dir, 'c.json'), JSON.stringify(fixtureExport({ site: true })));
  // As a rolling crawl leaves them: one detail fetched ten days before the snapshot (stale), the others the day before.
  const details = fixtureDetails({ site: true }) as Record<string, Record<string, unknown>>;
  for (const [slug, detail] of Object.entries(details))
    details[slug] = { ...detail, mirrorFetchedAt: GENERATED_AT - (slug === 'quillon-3-high' ? 10 : 1) * DAY };
  writeFileSync(join(dir, 'c-details.json'), JSON.stringify(details));
  await load_(out, join(dir, 'c.json'), join(dir, 'c-details.json'));

  const db = new Database(out);
  db.prepare(
    `INSERT INTO models (slug, name, provider, family_tag, supra_score, bench_count, updated_at, position) VALUES (?, 'Escapee', 'Nobody', 'escapee', 1, 1, ?, 999)`,
  ).run('../../../pwned', GENERATED_AT);
  db.prepare(`INSERT INTO model_tags (slug, tag) VALUES ('plain-1', '../../pwned-tag')`).run();
  db.prepare(`INSERT INTO tags (tag, models, benches) VALUES ('../../pwned-tag', 1, 0)`).run();
  db.prepare(
    `INSERT INTO benches (slug, name, description, url, is_official, scale_min, scale_max, quality_score, dimensions, model_count, rater_count, effective_weight, position)
     VALUES ('..', 'Dot dot', '', 'https://example.org', 0, 0, 1, 50, '[]', 0, 0, 1, 999)`,
  ).run();
  db.close();
  return out;
}

export interface BuiltSite {
  dist: string;
  files: string[];
  /** Every HTML page, parsed when it is first asked for (most tests read a few of a site's thousands). */
  html: ReadonlyMap<string, CheerioAPI>;
  read: (file: string) => string;
}

/** The pages of a `dist/` by path, each parsed with cheerio the first time it is read, then kept. */
class ParsedPages implements ReadonlyMap<string, CheerioAPI> {
  private readonly parsed = new Map<string, CheerioAPI>();
  private readonly dist: string;
  private readonly paths: ReadonlySet<string>;
  constructor(dist: string, paths: string[]) {
    this.dist = dist;
    this.paths = new Set(paths);
  }
  get size(): number {
    return this.paths.size;
  }
  has(path: string): boolean {
    return this.paths.has(path);
  }
  get(path: string): CheerioAPI | undefined {
    if (!this.paths.has(path)) return undefined;
    let $ = this.parsed.get(path);
    if (!$) {
      $ = load(readFileSync(join(this.dist, path), 'utf8'));
      this.parsed.set(path, $);
    }
    return $;
  }
  keys(): MapIterator<string> {
    return this.paths.values();
  }
  *values(): MapIterator<CheerioAPI> {
    for (const path of this.paths) yield this.get(path)!;
  }
  *entries(): MapIterator<[string, CheerioAPI]> {
    for (const path of this.paths) yield [path, this.get(path)!];
  }
  [Symbol.iterator](): MapIterator<[string, CheerioAPI]> {
    return this.entries();
  }
  forEach(fn: (value: CheerioAPI, key: string, map: ReadonlyMap<string, CheerioAPI>) => void): void {
    for (const [path, $] of this.entries()) fn($, path, this);
  }
}

export function readSite(dist: string): BuiltSite {
  const files = filesUnder(dist);
  const html = new ParsedPages(
    dist,
    files.filter((f) => f.endsWith('.html')),
  );
  return { dist, files, html, read: (file) => readFileSync(join(dist, file), 'utf8') };
}

/** An element open where a page's walk is: its name and attributes. */
export interface OpenElement {
  name: string;
  attributes: Record<string, string>;
}

/**
 * A page read once by htmlparser2's tokenizer, without building its tree (a check of every page of a site, where
 * cheerio's trees took five times the CPU): `open` hears each element as it opens and `text` each run of text, with the
 * elements open around it (the outermost first). `<noscript>` holds markup here, as a browser without JavaScript reads it.
 */
export function walkPage(
  html: string,
  on: { open?: (element: OpenElement, within: readonly OpenElement[]) => void; text?: (text: string, within: readonly OpenElement[]) => void },
): void {
  const within: OpenElement[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        on.open?.({ name, attributes }, within);
        within.push({ name, attributes });
      },
      // Void and implied ends included: every element opened is closed.
      onclosetag() {
        within.pop();
      },
      ontext(text) {
        on.text?.(text, within);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
}

/** The file a site-internal URL path is served from (`/models/x/` -> `models/x/index.html`). */
export function fileFor(path: string): string {
  const clean = decodeURIComponent(path.split(/[?#]/)[0]!).replace(/^\//, '');
  return clean === '' || clean.endsWith('/') ? `${clean}index.html` : clean;
}
