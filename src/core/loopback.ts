/** Which hosts are this machine's own: where plain http is allowed, since nothing crosses a network. */

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}
