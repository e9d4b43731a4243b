// Runs a command-line tool of the server (`src/cli/<name>.ts`): the built `dist/cli/<name>.js` when it is at least
// as new as its source, else the source through tsx. `npm run verify-proof`, `rotate-proof-key`, `db:dump` (tool
// `db-dump`) and `db:restore` (`db-restore`) use it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const [name, ...args] = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, `dist/cli/${name}.js`);
const source = path.join(root, `src/cli/${name}.ts`);
if (!fs.existsSync(built) && !fs.existsSync(source)) {
  console.error(`Unbekanntes Werkzeug: ${name}`);
  process.exit(2);
}
const current =
  fs.existsSync(built) && (!fs.existsSync(source) || fs.statSync(built).mtimeMs >= fs.statSync(source).mtimeMs);
const command = current ? [built, ...args] : ['--import', import.meta.resolve('tsx'), source, ...args];
// npm runs a script in its package's folder; a file name on the command line is meant from where it was typed.
const result = spawnSync(process.execPath, command, { stdio: 'inherit', cwd: process.env.INIT_CWD ?? process.cwd() });
process.exit(result.status ?? 2);
