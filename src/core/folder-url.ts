/**
 * A folder's address the mirror reads from without a key but never over plain http off this
 * machine: https, or http on loopback; no credentials; no query or fragment; ending with `/`.
 * STATE_URL and SITE_URL (as a place to restore from) are read this way.
 */
import { isLoopbackHost } from './loopback.ts';

export type FolderUrl = { url: URL } | { wrong: 'not a URL' | 'not https' };

export function folderUrlOf(raw: string): FolderUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { wrong: 'not a URL' };
  }
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!allowed || url.username || url.password) return { wrong: 'not https' };
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { url };
}
