import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkPushEndpoint,
  isAuthSecret,
  isP256PublicKey,
  isPublicAddress,
  pinnedLookup,
  type ResolvedAddress,
} from './push-endpoint-rule.js';

describe('isPublicAddress', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', '"this network"'],
    ['10.0.0.1', 'private (RFC 1918)'],
    ['172.16.0.1', 'private (RFC 1918)'],
    ['172.31.255.254', 'private (RFC 1918)'],
    ['192.168.178.1', 'private (RFC 1918)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.1', 'benchmarking'],
    ['192.88.99.1', '6to4 relay'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local (deprecated)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped 169.254.169.254'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2001::1', 'Teredo'],
    ['2002:7f00:1::1', '6to4'],
    ['fe80::1%eth0', 'with a zone'],
    ['localhost', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.215.14',
    '100.63.255.255',
    '100.128.0.1',
    '172.15.255.255',
    '172.32.0.1',
    '192.169.0.1',
    '223.255.255.254',
    '2a00:1450:4001:82b::200a',
    '2606:4700::6810:84e5',
    '::ffff:8.8.8.8',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkPushEndpoint', () => {
  const answers: Record<string, string[]> = {
    'fcm.test': ['142.250.185.74', '2a00:1450:4001:82b::200a'],
    'mixed.test': ['142.250.185.74', '10.1.2.3'],
    'inside.test': ['192.168.1.20'],
  };
  const policy = (allowedAddresses: string[] = []) => ({
    allowedAddresses,
    resolve: async (hostname: string): Promise<ResolvedAddress[]> => {
      const found = answers[hostname];
      if (!found) throw Object.assign(new Error(`${hostname} unknown`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  });

  it('gives the addresses of an https endpoint whose host resolves to public addresses only', async () => {
    expect(await checkPushEndpoint('https://fcm.test/fcm/send/abc', policy())).toMatchObject({
      ok: true,
      hostname: 'fcm.test',
      addresses: [
        { address: '142.250.185.74', family: 4 },
        { address: '2a00:1450:4001:82b::200a', family: 6 },
      ],
    });
    expect(await checkPushEndpoint('https://[2606:4700::6810:84e5]:8443/x', policy())).toMatchObject({
      ok: true,
      hostname: '2606:4700::6810:84e5',
    });
  });

  it.each([
    'http://fcm.test/x',
    'ftp://fcm.test/x',
    'https://user:secret@fcm.test/x',
    'https://mixed.test/x',
    'https://inside.test/x',
    'https://127.0.0.1:8443/x',
    'https://0x7f.1/x',
    'https://2130706433/x',
    'https://[::1]:6379/',
    'https://[::ffff:127.0.0.1]/',
    'https://169.254.169.254/latest/meta-data/',
    'nicht einmal eine Adresse',
  ])('refuses %s', async (endpoint) => {
    expect(await checkPushEndpoint(endpoint, policy())).toEqual({ ok: false, reason: 'refused' });
  });

  it('tells a name without an answer apart (the sender retries it later)', async () => {
    expect(await checkPushEndpoint('https://gone.test/x', policy())).toEqual({ ok: false, reason: 'unresolvable' });
  });

  it('lets the test seam allow exactly the addresses it names', async () => {
    expect((await checkPushEndpoint('https://127.0.0.1:8443/x', policy(['127.0.0.1']))).ok).toBe(true);
    expect((await checkPushEndpoint('https://127.0.0.2:8443/x', policy(['127.0.0.1']))).ok).toBe(false);
    expect((await checkPushEndpoint('https://inside.test/x', policy(['127.0.0.1']))).ok).toBe(false);
  });
});

describe('pinnedLookup', () => {
  const lookup = pinnedLookup({
    hostname: 'fcm.test',
    addresses: [
      { address: '142.250.185.74', family: 4 },
      { address: '2a00:1450:4001:82b::200a', family: 6 },
    ],
  });
  const call = (hostname: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) => {
      lookup(hostname, options, (err, address, family) => resolve({ err, address, family }));
    });

  it('answers the checked host with the checked addresses only', async () => {
    expect(await call('fcm.test', { all: true })).toMatchObject({
      err: null,
      address: [
        { address: '142.250.185.74', family: 4 },
        { address: '2a00:1450:4001:82b::200a', family: 6 },
      ],
    });
    expect(await call('FCM.test', {})).toMatchObject({ err: null, address: '142.250.185.74', family: 4 });
    expect(await call('fcm.test', { family: 6 })).toMatchObject({ address: '2a00:1450:4001:82b::200a', family: 6 });
  });

  it('answers any other host with an error', async () => {
    expect((await call('metadata.internal', { all: true })).err?.code).toBe('ENOTFOUND');
  });
});

describe('push subscription keys', () => {
  it('takes a P-256 public key from a real ECDH key pair and a 16-byte auth secret', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    expect(isP256PublicKey(ecdh.getPublicKey().toString('base64url'))).toBe(true);
    expect(isAuthSecret(randomBytes(16).toString('base64url'))).toBe(true);
  });

  it('refuses a point off the curve, a compressed point, other lengths and non-base64url text', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]);
    expect(isP256PublicKey(offCurve.toString('base64url'))).toBe(false);
    expect(isP256PublicKey(ecdh.getPublicKey(null, 'compressed').toString('base64url'))).toBe(false);
    expect(isP256PublicKey(Buffer.alloc(65).toString('base64url'))).toBe(false);
    expect(isP256PublicKey(`${ecdh.getPublicKey().toString('base64url')}!`)).toBe(false);
    expect(isAuthSecret(randomBytes(15).toString('base64url'))).toBe(false);
    expect(isAuthSecret(randomBytes(17).toString('base64url'))).toBe(false);
    expect(isAuthSecret('x')).toBe(false);
  });
});
