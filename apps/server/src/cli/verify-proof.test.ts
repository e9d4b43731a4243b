import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { createCaller } from '../test/api.js';
import { createRoute } from '../test/fixtures.js';
import { buildTestApp, registerUser, type TestContext, type TestUser } from '../test/helpers.js';
import { readTrailer } from '../lib/proof-signature.js';
import { main } from './verify-proof.js';

/**
 * `npm run verify-proof`: the same files as the server's tests (untouched, a date changed, re-saved, revoked), checked
 * offline with the published keys. The answers match the server's, except that revocation needs the server.
 */

let ctx: TestContext;
let alice: TestUser;
const call = createCaller(() => ctx.app);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-proof-'));
const files: Record<string, string> = {};
let keysFile: string;

beforeAll(async () => {
  ctx = await buildTestApp();
  alice = await registerUser(ctx.app, { firstname: 'Jörg', lastname: 'Weiß' });
  await createRoute(ctx.app, alice, { name: 'Würzburg – Fürth' });
  const exported = async () => (await call('POST', '/api/export/pdf', alice, {})).rawPayload;

  const untouched = await exported();
  const edited = Buffer.from(untouched);
  const digit = untouched.indexOf('ausgestellt am ') + 'ausgestellt am '.length;
  edited[digit] = edited[digit] === 0x31 ? 0x32 : 0x31;
  const document = await PDFDocument.load(untouched);
  document.setSubject('Streckenkundenachweis, ausgestellt am 01.01.2020');
  const resaved = Buffer.from(await document.save());
  const revoked = await exported();
  const reading = readTrailer(revoked);
  if (!reading.found || !reading.trailer) throw new Error('no trailer');
  expect((await call('POST', `/api/proofs/${reading.trailer.code}/revoke`, alice)).statusCode).toBe(200);

  for (const [name, bytes] of Object.entries({ untouched, edited, resaved, revoked })) {
    files[name] = path.join(dir, `${name}.pdf`);
    fs.writeFileSync(files[name], bytes);
  }
  keysFile = path.join(dir, 'keys.json');
  fs.writeFileSync(
    keysFile,
    (await ctx.app.inject({ method: 'GET', url: '/.well-known/streckenpass-proof-keys.json' })).body,
  );
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs the CLI in this process and returns its exit code and output. */
async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const output: string[] = [];
  const info = vi.spyOn(console, 'info').mockImplementation((line: string) => void output.push(line));
  const error = vi.spyOn(console, 'error').mockImplementation((line: string) => void output.push(line));
  try {
    const code = await main(args, env);
    return { code, output: output.join('\n') };
  } finally {
    info.mockRestore();
    error.mockRestore();
  }
}

/** The server's answer to the same file, as the upload page gives it. */
async function serverState(file: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/pruefen',
    headers: { 'content-type': 'application/pdf', accept: 'application/json' },
    payload: fs.readFileSync(file),
  });
  return (response.json() as { state: string }).state;
}

describe('npm run verify-proof (offline, --keys)', () => {
  it('passes the untouched file with exit code 0, and says that revocation needs the server', async () => {
    const result = await run([files.untouched!, '--keys', keysFile]);
    expect(result.code).toBe(0);
    expect(result.output).toContain('Ergebnis: echt und unverändert');
    expect(result.output).toContain('widerrufen');
    expect(await serverState(files.untouched!)).toBe('genuine');
  });

  it.each([
    ['edited', 'verändert', 'altered'],
    ['resaved', 'unbekannt', 'unknown'],
  ])('answers the %s file like the server: %s (exit 1)', async (name, label, state) => {
    const result = await run([files[name]!, '--keys', keysFile]);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`Ergebnis: ${label}`);
    expect(await serverState(files[name]!)).toBe(state);
  });

  it('cannot know that a document was revoked: only the server says "widerrufen"', async () => {
    const result = await run([files.revoked!, '--keys', keysFile]);
    expect(result.output).toContain('Ergebnis: echt und unverändert');
    expect(result.output).toContain(
      'Ohne Verbindung zum Server lässt sich nicht prüfen, ob der Nachweis widerrufen wurde',
    );
    expect(await serverState(files.revoked!)).toBe('revoked');
  });

  it('checks a signed backup offline like the server does: untouched, reformatted, changed, unsigned', async () => {
    const text = (await call('GET', '/api/backup', alice)).body;
    const backup = JSON.parse(text) as { routes: { name: string }[]; signature?: unknown };
    const write = (name: string, content: string) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, content);
      return file;
    };
    const untouched = await run([write('backup.json', text), '--keys', keysFile]);
    expect(untouched.code, untouched.output).toBe(0);
    expect(untouched.output).toContain('Ergebnis: echt und unverändert');
    // Another layout of the same JSON value (an editor's pretty-printing) is the same document.
    expect((await run([write('pretty.json', JSON.stringify(backup, null, 2)), '--keys', keysFile])).code).toBe(0);
    const changed = { ...backup, routes: backup.routes.map((route) => ({ ...route, name: `${route.name} (neu)` })) };
    const altered = await run([write('changed.json', JSON.stringify(changed)), '--keys', keysFile]);
    expect(altered.code).toBe(1);
    expect(altered.output).toContain('Ergebnis: verändert');
    const { signature: _signature, ...bare } = backup;
    const unsigned = await run([write('unsigned.json', JSON.stringify(bare)), '--keys', keysFile]);
    expect(unsigned.code).toBe(1);
    expect(unsigned.output).toContain('Ergebnis: nicht signiert');
  });

  it('explains its use when the file or the keys are missing (exit 2)', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run([files.untouched!])).output).toContain('--keys');
    expect((await run([path.join(dir, 'fehlt.pdf'), '--keys', keysFile])).code).toBe(2);
  });
});

describe('npm run verify-proof --server', () => {
  it('fetches the keys once, then works from its cache without the server', async () => {
    const server = await buildTestApp({}, ctx.db);
    const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
    const env = { XDG_CACHE_HOME: path.join(dir, 'cache') };
    const online = await run([files.untouched!, '--server', address], env);
    expect(online.code).toBe(0);
    expect(online.output).toContain(`Schlüssel aus: ${address}/.well-known/streckenpass-proof-keys.json`);
    await server.app.close();

    const offline = await run([files.untouched!, '--server', address], env);
    expect(offline.code).toBe(0);
    expect(offline.output).toContain('zwischengespeichert, ohne Netz');
    expect((await run([files.edited!, '--server', address], env)).code).toBe(1);
  });

  it('runs as `npm run verify-proof` from the repository root', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const result = spawnSync('npm', ['run', '--silent', 'verify-proof', '--', files.untouched!, '--keys', keysFile], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Ergebnis: echt und unverändert');
  }, 60_000);
});
