// Writes src/modules/registry.generated.ts: every folder of src/modules with an index.ts, in name order
// (docs/decisions/0056-record-kinds-declared-once.md). The server is bundled by esbuild, which has no import.meta.glob,
// and a runtime readdir would find no .ts files in dist: so the folders are read here, before tsc (`npm run build:js`,
// `npm run dev`), and modules/registry.test.ts fails while the written file is not what this script would write.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');
export const registryFile = path.join(modulesDir, 'registry.generated.ts');

/** The module folders: those holding an index.ts. */
export function moduleFolders(dir = modulesDir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}

const identifier = (folder) => `${folder.replace(/-(\w)/g, (_, letter) => letter.toUpperCase())}Module`;

/** The generated file's text for these folders. */
export function registrySource(folders) {
  return [
    '// Written by scripts/generate-module-registry.mjs from the folders of src/modules (each with an index.ts): do not',
    '// edit; run `npm run generate:modules -w apps/server` after adding or removing a module folder.',
    "import type { AppModule } from './app-module.js';",
    ...folders.map((folder) => `import ${identifier(folder)} from './${folder}/index.js';`),
    '',
    '/** Every module folder, in name order. */',
    'export const foundModules: readonly AppModule[] = [',
    ...folders.map((folder) => `  ${identifier(folder)},`),
    '];',
    '',
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const source = registrySource(moduleFolders());
  if (!fs.existsSync(registryFile) || fs.readFileSync(registryFile, 'utf8') !== source) {
    fs.writeFileSync(registryFile, source);
  }
}
