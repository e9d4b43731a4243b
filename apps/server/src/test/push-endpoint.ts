import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { importJWK, jwtVerify } from 'jose';
import type { PushTestSeam } from '../lib/web-push.js';

/**
 * A push service in the test process, as a browser's would be: an HTTPS endpoint per subscription that checks the
 * VAPID authorisation (RFC 8292: an ES256 JWT for this origin signed with the key in `k`) and hands the message to
 * a "browser" that decrypts it with the subscription's private key (RFC 8291, aes128gcm). Nothing of web-push is
 * mocked: the library under test talks to this server over real TLS.
 *
 * It listens on 127.0.0.1, which the endpoint rule (docs/decisions/0030) refuses: an app that is to reach it is
 * built with `pushTest: push.seam` (its certificate and its address allowed). The certificate also names
 * `push.test`, a host name that only a test's own resolver knows.
 */

export interface PushClient {
  /** What the browser's PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload as the service worker's `event.data.json()` would read it. */
  payload: unknown;
  vapid: { sub: string; aud: string; exp: number; publicKey: string };
  headers: Record<string, string | string[] | undefined>;
}

/** The host name besides 127.0.0.1 in the endpoint's certificate. */
export const TEST_PUSH_HOST = 'push.test';

export interface TestPushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** What buildApp's `pushTest` needs to reach this service: its certificate, and 127.0.0.1 allowed. */
  seam: Required<Pick<PushTestSeam, 'ca' | 'allowedAddresses'>>;
  received: ReceivedPush[];
  /** Requests that failed the VAPID or decryption checks (a test expects none). */
  rejected: string[];
  /** TCP connections the service has accepted so far (a refused endpoint must not add one). */
  readonly connections: number;
  /**
   * A new subscription, as a browser would create with PushManager.subscribe(); its endpoint names `host`
   * (default 127.0.0.1, or TEST_PUSH_HOST) at this service's port.
   */
  subscribe(name?: string, host?: string): PushClient;
  /** From now on the endpoint of `client` answers `status` (410 = the user unsubscribed in the browser). */
  answer(client: PushClient, status: number): void;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-endpoint-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        `subjectAltName=IP:127.0.0.1,DNS:${TEST_PUSH_HOST}`,
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** RFC 8291 section 3.4 and RFC 8188: the browser's side of aes128gcm. */
export function decryptPush(body: Buffer, client: PushClient): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('more than one record');
  const userPublic = client.ecdh.getPublicKey();
  const shared = client.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userPublic, serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, client.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record must end with the delimiter 0x02');
  return padded.subarray(0, end);
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; the JWT's signature, audience and expiry. */
async function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(jwt, key, { algorithms: ['ES256'], audience: origin });
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp > now + 24 * 3600) throw new Error('exp beyond 24 hours');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('bad sub');
  return { sub: payload.sub, aud: String(payload.aud), exp: payload.exp, publicKey: k };
}

export async function startTestPushService(): Promise<TestPushService> {
  const { key, cert } = selfSignedCertificate();
  // By path: the same subscription may be addressed as 127.0.0.1 or as TEST_PUSH_HOST.
  const clients = new Map<string, PushClient>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let connections = 0;
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const client = clients.get(request.url ?? '');
        if (!client) return response.writeHead(404).end();
        const endpoint = client.subscription.endpoint;
        const status = answers.get(endpoint);
        if (status !== undefined) return response.writeHead(status).end();
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          if (!request.headers.ttl) throw new Error('no TTL');
          const vapid = await checkVapid(request.headers.authorization, new URL(endpoint).origin);
          const payload = JSON.parse(decryptPush(Buffer.concat(chunks), client).toString('utf8')) as unknown;
          received.push({ endpoint, payload, vapid, headers: request.headers });
          response.writeHead(201, { location: `${endpoint}/message/${received.length}` }).end();
        } catch (error) {
          rejected.push(String(error));
          response.writeHead(400).end();
        }
      })();
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let counter = 0;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    seam: { ca: cert, allowedAddresses: ['127.0.0.1'] },
    received,
    rejected,
    get connections() {
      return connections;
    },
    subscribe(name = 'device', host = '127.0.0.1') {
      counter += 1;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${name}-${counter}-${randomBytes(6).toString('hex')}`;
      const endpoint = `https://${host}:${port}${path}`;
      const client: PushClient = {
        subscription: {
          endpoint,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
        ecdh,
        authSecret,
      };
      clients.set(path, client);
      return client;
    },
    answer(client, status) {
      answers.set(client.subscription.endpoint, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
