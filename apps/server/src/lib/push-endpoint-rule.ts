import { createPublicKey } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which Web Push subscriptions the server will talk to (docs/decisions/0030): an endpoint is an address the
 * browser hands us and the server then connects to, so without a rule any signed-in user could make the server
 * knock on loopback, the cloud metadata service or the internal network (SSRF). Only https endpoints whose host
 * resolves to public addresses only are accepted, and the keys must be what RFC 8291 encrypts for.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** All addresses of a host name, as `dns.lookup(name, { all: true })` gives them. */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface PushEndpointPolicy {
  resolve: ResolveHost;
  /**
   * Test-only (docs/decisions/0030): exact addresses allowed although they are not public — the tests' local push
   * service on 127.0.0.1. Empty in production; the server never sets it.
   */
  allowedAddresses: readonly string[];
}

export type PushEndpointCheck =
  | { ok: true; url: URL; hostname: string; addresses: ResolvedAddress[] }
  /** `unresolvable`: no address (now); `refused`: not https, malformed, or an address that is not public. */
  | { ok: false; reason: 'refused' | 'unresolvable' };

/**
 * IPv4 ranges that are not public (IANA IPv4 Special-Purpose Address Registry, plus multicast and the reserved
 * class E with the limited broadcast). Node's BlockList matches IPv4 rules against IPv4-mapped IPv6 addresses
 * (::ffff:a.b.c.d) too.
 */
const NON_PUBLIC_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private (RFC 1918)
  ['100.64.0.0', 10], // shared address space (CGNAT, RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private (RFC 1918)
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private (RFC 1918)
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 broadcast
];

/** Parts of the IPv6 global unicast range (2000::/3) that are not public. Everything outside 2000::/3 is refused. */
const NON_PUBLIC_IPV6: readonly [string, number][] = [
  ['2001::', 23], // IETF protocol assignments (Teredo, benchmarking 2001:2::/48, ORCHID …)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: would reach an IPv4 address of the sender's choice
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation (RFC 9637)
];

const nonPublic = new BlockList();
for (const [network, prefix] of NON_PUBLIC_IPV4) nonPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of NON_PUBLIC_IPV6) nonPublic.addSubnet(network, prefix, 'ipv6');
const globalUnicastIpv6 = new BlockList();
globalUnicastIpv6.addSubnet('2000::', 3, 'ipv6');
const ipv4MappedIpv6 = new BlockList();
ipv4MappedIpv6.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * Whether an address is one on the public internet. IPv6 must be global unicast (so loopback ::1, unspecified ::,
 * link-local fe80::/10, unique-local fc00::/7, multicast ff00::/8, NAT64 64:ff9b::/96 and IPv4-compatible forms are
 * refused); an IPv4-mapped IPv6 address is judged by its IPv4 address. Anything unparsable is not public.
 */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublic.check(address, 'ipv4');
  if (family !== 6 || address.includes('%')) return false;
  if (ipv4MappedIpv6.check(address, 'ipv6')) return !nonPublic.check(address, 'ipv6');
  return globalUnicastIpv6.check(address, 'ipv6') && !nonPublic.check(address, 'ipv6');
}

const RESOLVE_TIMEOUT_MS = 5_000;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS), every address of the name. */
export const systemResolve: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

async function resolveWithin(resolve: ResolveHost, hostname: string): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      resolve(hostname),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`resolving ${hostname} took too long`)), RESOLVE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a push endpoint against the rule and returns the addresses it may be reached at. Called when a
 * subscription is stored and again before every message, whose connection then goes to exactly these addresses
 * (`pinnedLookup`), so a DNS answer that changes in between gains nothing.
 */
export async function checkPushEndpoint(endpoint: string, policy: PushEndpointPolicy): Promise<PushEndpointCheck> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'refused' };
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return { ok: false, reason: 'refused' };
  // The WHATWG parser has normalised IP literals (0x7f.1 and 2130706433 are 127.0.0.1); IPv6 comes in brackets.
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  const literal = isIP(hostname);
  if (literal !== 0) {
    addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolveWithin(policy.resolve, hostname);
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
    if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
  }
  const allowed = (address: string) => isPublicAddress(address) || policy.allowedAddresses.includes(address);
  if (!addresses.every(({ address }) => allowed(address))) return { ok: false, reason: 'refused' };
  return { ok: true, url, hostname, addresses };
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` for the connection of one message: it answers only the checked host name, and only with the
 * checked addresses, so the socket goes where the rule allowed. TLS still verifies the certificate for the host
 * name (SNI and the identity check use the URL's host, not the address).
 */
export function pinnedLookup(checked: { hostname: string; addresses: readonly ResolvedAddress[] }) {
  return (hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback) => {
    const family = options.family === 6 || options.family === 'IPv6' ? 6 : options.family === 4 ? 4 : 0;
    const addresses = checked.addresses.filter((entry) => family === 0 || entry.family === family);
    const first = addresses[0];
    if (hostname.toLowerCase() !== checked.hostname.toLowerCase() || !first) {
      const error: NodeJS.ErrnoException = new Error(`push connection to ${hostname} was not checked`);
      error.code = 'ENOTFOUND';
      callback(error, '', 0);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** `p256dh`: the browser's ECDH public key, an uncompressed point (0x04 ‖ x ‖ y) on P-256 (RFC 8291 section 3.1). */
export function isP256PublicKey(value: string): boolean {
  if (!BASE64URL.test(value)) return false;
  const point = Buffer.from(value, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    // OpenSSL refuses coordinates that are not a point on the curve.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** `auth`: the 16-byte authentication secret (RFC 8291 section 3.2). */
export function isAuthSecret(value: string): boolean {
  return BASE64URL.test(value) && Buffer.from(value, 'base64url').length === 16;
}
