/** Which API addresses a key may be sent to. */

import { isLoopbackHost } from '../core/loopback.ts';

export { isLoopbackHost };

/** `https:` anywhere, `http:` only on loopback: a key never crosses a network in clear text. */
export function isAllowedApiUrl(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
