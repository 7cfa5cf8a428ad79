/**
 * The Atom feeds of a real build (the hostile fixture: three snapshots of history, hostile names,
 * SITE_URL set): the site-wide feed, one per model and one per tag, every one of them parsed with
 * a real XML parser and checked for what RFC 4287 requires and what a feed reader relies on.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_ENV, sharedSite } from '../helpers/shared-sites.ts';
import { fileFor, readSite, type BuiltSite } from '../helpers/site.ts';
import { childNamed, childrenNamed, parseXml, type XmlElement } from '../helpers/xml.ts';
import { HOSTILE_NAME } from '../helpers/fixture.ts';
import { cleanText } from '../../src/site/format/text.ts';

const ATOM = 'http://www.w3.org/2005/Atom';
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const { SITE_URL } = HOSTILE_ENV;

let site: BuiltSite;
let feeds: Map<string, XmlElement>;

beforeAll(async () => {
  site = readSite((await sharedSite('hostile')).dist);
  feeds = new Map(site.files.filter((f) => f.endsWith('feed.xml')).map((f) => [f, parseXml(site.read(f))]));
}, 600_000);

/** The built file and fragment a URL of the site points at. */
function target(url: string): { file: string; fragment: string | undefined } {
  expect(url.startsWith(SITE_URL), url).toBe(true);
  const path = `/${url.slice(SITE_URL.length)}`;
  return { file: fileFor(path), fragment: path.includes('#') ? decodeURIComponent(path.split('#')[1]!) : undefined };
}

const link = (e: XmlElement, rel: string) => childrenNamed(e, 'link').find((l) => (l.attributes.rel ?? 'alternate') === rel)?.attributes.href;
const text = (e: XmlElement, name: string) => childNamed(e, name)?.text;

describe('feeds', () => {
  it('has the site-wide feed, one per model, one per tag and one per provider', () => {
    const beside = (folder: string) =>
      site.files.filter((f) => new RegExp(`^${folder}/[^/]+/index\\.html$`).test(f)).map((f) => f.replace('index.html', 'feed.xml'));
    const [models, tags, providers] = [beside('models'), beside('tags'), beside('providers')];
    expect([...feeds.keys()].sort()).toEqual(['changes/feed.xml', ...models, ...tags, ...providers].sort());
    expect(providers.length).toBeGreaterThan(2);
    expect(models.length).toBeGreaterThan(10);
  });

  it('parses every feed as Atom with an id, a title, an author, an RFC 3339 updated time and a self link to itself', () => {
    for (const [file, feed] of feeds) {
      expect([feed.name, feed.uri], file).toEqual(['feed', ATOM]);
      expect(text(feed, 'title')?.trim(), file).toBeTruthy();
      expect(text(childNamed(feed, 'author')!, 'name'), file).toBeTruthy();
      expect(text(feed, 'updated'), file).toMatch(RFC3339);
      expect(link(feed, 'self'), file).toBe(`${SITE_URL}${file}`);
      expect(text(feed, 'id'), file).toBe(`${SITE_URL}${file}`);
      expect(text(feed, 'rights'), file).toContain(HOSTILE_ENV.ATTRIBUTION_URL);
    }
  });

  it('points each feed and each entry at an existing page, and at an element of it when it names one', () => {
    let anchors = 0;
    for (const [file, feed] of feeds) {
      for (const url of [link(feed, 'alternate')!, ...childrenNamed(feed, 'entry').map((e) => link(e, 'alternate')!)]) {
        const { file: page, fragment } = target(url);
        expect(site.files, `${file}: ${url}`).toContain(page);
        if (fragment) {
          anchors++;
          expect(site.html.get(page)!(`[id="${fragment}"]`).length, `${file}: ${url}`).toBe(1);
        }
      }
    }
    expect(anchors).toBeGreaterThan(10);
  });

  it('gives every entry an id of its own, made from its page and snapshot, and an RFC 3339 updated time', () => {
    for (const [file, feed] of feeds) {
      const entries = childrenNamed(feed, 'entry');
      const ids = entries.map((e) => text(e, 'id')!);
      expect(new Set(ids).size, file).toBe(ids.length);
      for (const entry of entries) {
        const updated = text(entry, 'updated')!;
        expect(updated, file).toMatch(RFC3339);
        // The id names the snapshot the entry is about: rebuilding never changes it.
        expect(text(entry, 'id'), file).toMatch(new RegExp(`^${SITE_URL}[^#]+/#snapshot-${Date.parse(updated)}$`));
        expect(text(entry, 'summary')?.trim(), file).toBeTruthy();
      }
    }
  });

  it('announces each model’s and tag’s feed on its page', () => {
    const pages = site.files.filter((f) => /^(models|tags)\/[^/]+\/index\.html$/.test(f));
    for (const page of pages) {
      const $ = site.html.get(page)!;
      const hrefs = $('head link[rel="alternate"][type="application/atom+xml"]')
        .map((_, l) => $(l).attr('href'))
        .get();
      expect(hrefs, page).toEqual(['/changes/feed.xml', `/${page.replace('index.html', 'feed.xml')}`]);
    }
  });

  it('lists a model’s own changes in its feed, as its page does, newest first', () => {
    let compared = 0;
    for (const [file, feed] of feeds) {
      if (!file.startsWith('models/')) continue;
      const $ = site.html.get(file.replace('feed.xml', 'index.html'))!;
      const onPage = $('#recent ~ .table-wrap tbody > tr')
        .map((_, tr) => $(tr).attr('id'))
        .get();
      const inFeed = childrenNamed(feed, 'entry').map((e) => target(link(e, 'alternate')!).fragment);
      expect(inFeed, file).toEqual(onPage);
      compared += onPage.length;
    }
    expect(compared).toBeGreaterThan(3);
  });

  it('lists in a tag’s feed only the models that carry the tag', () => {
    const feed = feeds.get('tags/code-generation/feed.xml')!;
    const $ = site.html.get('tags/code-generation/index.html')!;
    const carrying = $('#carrying ~ .table-wrap table tbody th a')
      .map((_, a) => $(a).text())
      .get();
    const entries = childrenNamed(feed, 'entry');
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const named = text(entry, 'summary')!
        .split(/(?<=\.) (?=\S)/)
        .map((part) => part.split(':')[0]!);
      for (const name of named.filter((n) => !n.startsWith('And '))) expect(carrying, name).toContain(name);
    }
  });

  it('keeps a hostile name as text in its model’s feed', () => {
    const [file, feed] = [...feeds].find(([, f]) => text(f, 'title')!.includes('Evil & Co'))!;
    expect(text(feed, 'title'), file).toBe(`${cleanText(HOSTILE_NAME)}: changes on Model Rankings Mirror`);
    expect(site.read(file)).not.toContain('<img');
  });
});
