// `npm start`: build whatever is missing or older than its sources, then serve app + API.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const targets = [
  { sources: ['packages/contract/src'], output: 'packages/contract/dist/common.js' },
  {
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'packages/contract/src'],
    output: 'apps/web/dist/index.html',
  },
  { sources: ['apps/server/src', 'packages/contract/src'], output: 'apps/server/dist/server.js' },
  // The initialised, migrated database the first start unpacks (apps/server/src/db/pglite-template.ts).
  { sources: ['apps/server/src/db/migrations'], output: 'apps/server/dist/db/pglite-template.tar.gz' },
];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const stale = targets.some(({ sources, output }) => {
  const out = path.join(root, output);
  if (!fs.existsSync(out)) return true;
  return Math.max(...sources.map(newestMtime)) > fs.statSync(out).mtimeMs;
});

/**
 * Runs a child with the terminal, forwarding SIGTERM and SIGINT to it (a service manager or Ctrl-C stops the
 * server, not just this wrapper, which would leave the server running as an orphan); resolves with its exit.
 */
function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    };
    const onTerm = () => forward('SIGTERM');
    const onInt = () => forward('SIGINT');
    process.on('SIGTERM', onTerm);
    process.on('SIGINT', onInt);
    child.once('error', (err) => {
      console.error(`Streckenpass: ${command} konnte nicht gestartet werden: ${err.message}`);
      resolve({ code: 1, signal: null });
    });
    child.once('exit', (code, signal) => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      resolve({ code, signal });
    });
  });
}

/** Exits like the child did: its exit code, or 128 + the number of the signal that ended it. */
function exitLike({ code, signal }) {
  if (code !== null) process.exit(code);
  const number = signal ? (os.constants.signals[signal] ?? 0) : 0;
  process.exit(signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 128 + number);
}

if (stale && process.env.SKIP_BUILD !== '1') {
  console.info('Streckenpass: building (first start or sources changed) …');
  const result = await run('npm', ['run', 'build']);
  if (result.code !== 0) exitLike(result.code === null ? result : { code: result.code || 1, signal: null });
}

const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'production',
  // glibc raises its trim threshold after large frees (WebAssembly compilation at start) and then keeps up to 40 MB
  // of freed memory resident; a fixed threshold returns it (docs/decisions/0054).
  MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
};
exitLike(await run(process.execPath, [path.join(root, 'apps/server/dist/server.js')], { env }));
