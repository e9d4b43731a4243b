// `npm start`: build whatever is missing or older than its sources, then serve app + API.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
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

if (stale && process.env.SKIP_BUILD !== '1') {
  console.info('Streckenpass: building (first start or sources changed) …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const server = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(server.status ?? 0);
