/** Where the published snapshot file lives and is restored from: STATE_URL when set, else SITE_URL's /data/. */
import { describe, expect, it } from 'vitest';
import { readSiteSettings } from '../../src/site/settings/config.ts';
import { restoreSourceOf } from '../../src/snapshot/restore-state.ts';

const RELEASE = 'https://github.com/o/r/releases/download/mirror-state/';

describe('STATE_URL', () => {
  it('is where a run restores from when set, else SITE_URL’s /data/', () => {
    expect(restoreSourceOf({ SITE_URL: 'https://m.example/mirror' }).from?.href).toBe('https://m.example/mirror/data/');
    expect(restoreSourceOf({ SITE_URL: 'https://m.example/', STATE_URL: RELEASE }).from?.href).toBe(RELEASE);
    // A folder: the trailing slash is added, a query or fragment dropped.
    expect(restoreSourceOf({ STATE_URL: 'https://h.example/state?x=1#y' }).from?.href).toBe('https://h.example/state/');
    expect(restoreSourceOf({})).toEqual({});
  });

  it('is refused with a warning naming it when it is not https (http only on loopback) or carries a credential', () => {
    expect(restoreSourceOf({ SITE_URL: 'https://m.example/', STATE_URL: 'http://h.example/state/' })).toEqual({
      warning: 'STATE_URL must be https (plain http only on loopback) to restore a snapshot from it, got http://h.example',
    });
    expect(restoreSourceOf({ STATE_URL: 'https://u:p@h.example/' }).warning).toMatch(/^STATE_URL must be https/);
    expect(restoreSourceOf({ STATE_URL: 'not a url' }).warning).toBe('STATE_URL is not a URL: no snapshot can be restored from it');
    expect(restoreSourceOf({ STATE_URL: 'http://127.0.0.1:8080/s' }).from?.href).toBe('http://127.0.0.1:8080/s/');
  });

  it('moves the build’s copy out of the site only when it is a folder the restore could read; another value is ignored with a warning', () => {
    expect(readSiteSettings({ STATE_URL: RELEASE }).stateUrl?.href).toBe(RELEASE);
    expect(readSiteSettings({}).stateUrl).toBeUndefined();
    for (const bad of ['http://h.example/', 'ftp://h.example/', 'https://u:p@h.example/', 'nonsense']) {
      const settings = readSiteSettings({ STATE_URL: bad });
      expect(settings.stateUrl, bad).toBeUndefined();
      expect(settings.defaulted, bad).toContain('STATE_URL (not an https address; the snapshot file is published under /data/)');
    }
  });
});
