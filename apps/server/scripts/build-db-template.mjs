// Part of `npm run build -w apps/server`, after tsc: the initialised, migrated PGlite data directory the first
// start of the embedded database unpacks (see src/db/pglite-template.ts).
import path from 'node:path';
import { buildTemplate } from '../dist/db/pglite-template.js';

const started = performance.now();
const { file, bytes } = await buildTemplate();
console.info(
  `PGlite template: ${path.relative(process.cwd(), file)}, ${(bytes / 1024).toFixed(0)} KiB, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
