/**
 * Which push-subscription endpoints the server will ever POST to. The URL comes from a browser, so without
 * this check anyone signed in could make the server send requests into its own network: only https URLs on
 * the configured push-service hosts, with no credentials and never an IP address in a private, loopback,
 * link-local or otherwise internal range. `allowLocal` (tests, a local stub) also takes http and loopback.
 * Pure: no DNS (the hosts allowed are public push services named by the operator).
 */
import { isIP } from 'node:net';

export type EndpointRule = { allowedHosts: readonly string[]; allowLocal: boolean };

const v4 = (ip: string) => ip.split('.').map(Number);

/** Private, loopback, link-local, CGNAT, multicast, unspecified and reserved IPv4/IPv6 ranges. */
export function isInternalAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) {
    const [a, b] = v4(ip);
    return (
      a === 0 || a === 10 || a === 127 || a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  if (kind === 6) {
    const x = ip.toLowerCase();
    if (x === '::' || x === '::1') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(x);
    if (mapped) return isInternalAddress(mapped[1]);
    return /^(f[cd]|fe[89ab]|ff)/.test(x) || x.startsWith('::ffff:') || x.startsWith('64:ff9b:');
  }
  return false;
}

const hostMatches = (host: string, pattern: string) =>
  pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern;

/** Why an endpoint is refused, or null when it may be used. */
export function endpointProblem(endpoint: string, rule: EndpointRule): 'url' | 'https' | 'host' | 'address' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'url';
  }
  if (url.username || url.password) return 'url';
  const local = rule.allowLocal;
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return 'https';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const withPort = url.port ? `${host}:${url.port}` : host;
  if (!rule.allowedHosts.some((p) => hostMatches(host, p) || hostMatches(withPort, p))) return 'host';
  if (host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host)) {
    if (!(local && (host === 'localhost' || host === '127.0.0.1' || host === '::1'))) return 'address';
  }
  return null;
}
