import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What `new Worker(entry, { eval })` takes to start a worker module. */
export interface WorkerSource {
  entry: URL | string;
  eval: boolean;
}

/**
 * The worker module `name` next to the module at `moduleUrl` (pass `import.meta.url`): `<name>.js` in the built
 * server. Under vitest and tsx (source `.ts`) it is `<name>.ts`, which plain Node cannot load, so the worker first
 * registers tsx's loader (a dev dependency, only ever needed there) and then imports it.
 */
export function workerSource(moduleUrl: string, name: string): WorkerSource {
  if (!moduleUrl.endsWith('.ts')) return { entry: new URL(`./${name}.js`, moduleUrl), eval: false };
  const worker = new URL(`./${name}.ts`, moduleUrl).href;
  const tsx = pathToFileURL(tsxEsmApi()).href;
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`;
  return { entry: code, eval: true };
}

/** tsx's ESM API as `import('tsx/esm/api')` would resolve it (a require.resolve gives its CommonJS twin). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const file = exports['./esm/api']?.import?.default;
  if (!file) throw new Error('tsx/esm/api not found: a worker thread cannot load TypeScript sources');
  return path.join(path.dirname(manifest), file);
}
