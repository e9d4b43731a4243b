/**
 * `npm run verify-proof -- nachweis.pdf [--keys keys.json | --server https://streckenpass.example]`: verifies a
 * Streckenpass PDF without the server (issue 27, docs/decisions/0044). Reads the signed trailer the server appended,
 * checks its Ed25519 signature with the server's published public keys and the file's bytes against the signed hash,
 * prints the result in German and exits 0 only for "echt und unverändert" (1 otherwise, 2 for a usage error). A
 * signed backup (`streckenpass-sicherung-….json`) is checked the same way: its `signature` over the canonical JSON of
 * the rest of the document.
 *
 * Keys: `--keys` names a saved copy of `/.well-known/streckenpass-proof-keys.json`; `--server` (or
 * `STRECKENPASS_URL`) fetches it once and keeps it in the cache directory (`$XDG_CACHE_HOME/streckenpass`, else
 * `~/.cache/streckenpass`), so later checks need no network. The file's own claims never choose the keys.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROOF_KEYS_PATH, PROOF_PAGE_PREFIX, PROOF_STATE_LABELS } from '@streckenpass/contract/proofs';
import { formatDateTime } from '@streckenpass/contract/format';
import { verifyBackup } from '../lib/proof-backup-signature.js';
import { formatCode, verifyFile, type PublicSigningKey } from '../lib/proof-signature.js';

interface Options {
  file: string;
  keys?: string;
  server?: string;
}

const USAGE =
  'Aufruf: npm run verify-proof -- <datei.pdf | sicherung.json> [--keys <schluessel.json>] [--server <https://adresse>]\n' +
  '  --keys    gespeicherte Schlüsseldatei (' +
  PROOF_KEYS_PATH +
  ')\n' +
  '  --server  Adresse des Streckenpass-Servers; die Schlüssel werden einmal geladen und zwischengespeichert\n' +
  '            (ohne Angabe: Umgebungsvariable STRECKENPASS_URL)';

class UsageError extends Error {}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): Options {
  const options: Partial<Options> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--keys' || arg === '--server') {
      const value = argv[++i];
      if (!value) throw new UsageError(`${arg} braucht einen Wert.`);
      options[arg === '--keys' ? 'keys' : 'server'] = value;
    } else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (arg.startsWith('--')) throw new UsageError(`Unbekannte Option ${arg}.`);
    else if (options.file) throw new UsageError('Bitte genau eine Datei angeben.');
    else options.file = arg;
  }
  if (!options.file) throw new UsageError('Bitte die PDF-Datei oder die Sicherung angeben.');
  options.server ??= env.STRECKENPASS_URL || undefined;
  if (!options.keys && !options.server) {
    throw new UsageError('Bitte --keys oder --server angeben (oder STRECKENPASS_URL setzen).');
  }
  return options as Options;
}

function keysOf(json: unknown): PublicSigningKey[] {
  const keys = (json as { keys?: unknown })?.keys;
  if (!Array.isArray(keys)) throw new Error('Die Schlüsseldatei enthält keine Liste "keys".');
  return keys.flatMap((key: { id?: unknown; publicKey?: unknown }) =>
    typeof key?.id === 'string' && typeof key.publicKey === 'string' ? [{ id: key.id, publicKey: key.publicKey }] : [],
  );
}

function cacheFile(server: string, env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  const host = new URL(server).host.replace(/[^A-Za-z0-9.-]/g, '_');
  return path.join(base, 'streckenpass', `${host}-proof-keys.json`);
}

/** The keys: from `--keys`, else the cache of `--server` when it knows the key, else fetched (and cached). */
async function loadKeys(
  options: Options,
  keyId: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<{ keys: PublicSigningKey[]; source: string }> {
  if (options.keys) {
    return { keys: keysOf(JSON.parse(fs.readFileSync(options.keys, 'utf8'))), source: options.keys };
  }
  const server = options.server!.replace(/\/+$/, '');
  const cached = cacheFile(server, env);
  let fromCache: PublicSigningKey[] | undefined;
  if (fs.existsSync(cached)) {
    fromCache = keysOf(JSON.parse(fs.readFileSync(cached, 'utf8')));
    if (!keyId || fromCache.some((key) => key.id === keyId)) {
      return { keys: fromCache, source: `${cached} (zwischengespeichert, ohne Netz)` };
    }
  }
  try {
    const response = await fetch(`${server}${PROOF_KEYS_PATH}`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    const keys = keysOf(JSON.parse(text));
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    fs.writeFileSync(cached, text);
    return { keys, source: `${server}${PROOF_KEYS_PATH}` };
  } catch (error) {
    if (fromCache) return { keys: fromCache, source: `${cached} (zwischengespeichert; Server nicht erreichbar)` };
    throw new Error(`Die Schlüssel von ${server} konnten nicht geladen werden: ${(error as Error).message}`);
  }
}

/** The file as JSON when it is a JSON object (a backup), else undefined (a PDF or anything else). */
function asJson(file: Buffer): object | undefined {
  const text = file
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Runs the check; returns the exit code. */
export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let options: Options;
  try {
    options = parseArgs(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(error.message);
    console.error(USAGE);
    return 2;
  }
  let file: Buffer;
  try {
    file = fs.readFileSync(options.file);
  } catch (error) {
    console.error(`Die Datei ${options.file} kann nicht gelesen werden: ${(error as Error).message}`);
    return 2;
  }
  // A JSON document (a backup) or a PDF. The key either names decides whether the cache is enough.
  const backup = asJson(file);
  const named = backup
    ? (backup as { signature?: { keyId?: string } }).signature?.keyId
    : /%StreckenpassProof [^\n]*"keyId":"([0-9a-f]{16})"/.exec(file.subarray(-4096).toString('latin1'))?.[1];
  let keys: Awaited<ReturnType<typeof loadKeys>>;
  try {
    keys = await loadKeys(options, named, env);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const result = backup ? verifyBackup(backup, keys.keys) : verifyFile(file, keys.keys);
  const label = result.state === 'unsigned' ? 'nicht signiert' : PROOF_STATE_LABELS[result.state];
  const lines = [`Ergebnis: ${label}`, result.reason];
  const signed = 'trailer' in result ? result.trailer : 'signature' in result ? result.signature : undefined;
  if (signed) {
    const code = formatCode(signed.code);
    lines.push(
      `Prüfcode: ${code} · ausgestellt am ${formatDateTime(signed.issuedAt, 'Europe/Berlin')} Uhr · ` +
        `Schlüssel ${signed.keyId}`,
    );
    if (options.server) lines.push(`Prüfseite: ${options.server.replace(/\/+$/, '')}${PROOF_PAGE_PREFIX}/${code}`);
  }
  lines.push(`Schlüssel aus: ${keys.source}`);
  if (result.state === 'genuine') {
    lines.push(
      'Hinweis: Ohne Verbindung zum Server lässt sich nicht prüfen, ob der Nachweis widerrufen wurde. ' +
        'Das zeigt nur die Prüfseite.',
    );
  }
  console.info(lines.join('\n'));
  return result.state === 'genuine' ? 0 : 1;
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(2);
    },
  );
}
