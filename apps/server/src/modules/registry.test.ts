import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the build, without type declarations
import { moduleFolders, registryFile, registrySource } from '../../scripts/generate-module-registry.mjs';
import { inDependencyOrder } from './app-module.js';
import { apiRoutes, pageRoutes, repositories } from './registry.js';

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Files that follow the naming but are deliberately not registered, with the reason. */
const NOT_REGISTERED: Record<string, string> = {
  'modules/backup/preferences.repository.ts': 'the backup section of the account settings (no plugin of its own)',
};

/** Every `*<suffix>` below the given folders of src/, as paths relative to src/. */
function filesEndingIn(suffix: string, folders: string[]): string[] {
  return folders.flatMap((folder) =>
    fs
      .readdirSync(path.join(src, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith(suffix))
      .map((file) => path.posix.join(folder, file.split(path.sep).join('/'))),
  );
}

async function defaultExportOf(file: string): Promise<unknown> {
  const module = (await import(pathToFileURL(path.join(src, file)).href)) as { default?: unknown };
  return module.default;
}

describe('modules/registry.ts', () => {
  it('finds every module folder: registry.generated.ts is what the generator writes now', () => {
    const folders = (moduleFolders as () => string[])();
    expect(folders.length).toBeGreaterThan(15);
    const subfolders = fs
      .readdirSync(path.join(src, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // A folder without index.ts would be left out silently: each module folder declares what it brings.
    expect(subfolders.sort()).toEqual(folders);
    expect(fs.readFileSync(registryFile as string, 'utf8'), 'run npm run generate:modules -w apps/server').toBe(
      (registrySource as (folders: string[]) => string)(folders),
    );
  });

  it('registers the plugin of every repository, service and plugin file, after its dependencies', async () => {
    const files = [
      ...filesEndingIn('.repository.ts', ['modules', 'repositories', 'jobs']),
      ...filesEndingIn('.service.ts', ['modules']),
      ...filesEndingIn('.plugin.ts', ['modules']),
    ];
    expect(files.length).toBeGreaterThan(15);
    for (const file of files.filter((f) => !(f in NOT_REGISTERED))) {
      const plugin = await defaultExportOf(file);
      if (plugin === undefined && file.endsWith('.service.ts')) continue; // a service of plain functions
      expect(repositories, `${file}: its default export is in no module's index.ts`).toContain(plugin);
    }
    expect(inDependencyOrder(repositories)).toEqual(repositories);
  });

  it('registers the route plugin of every *.routes.ts, once', async () => {
    const files = filesEndingIn('.routes.ts', ['modules']);
    for (const file of files.filter((f) => !(f in NOT_REGISTERED))) {
      expect([...apiRoutes, ...pageRoutes], `${file}: its default export is in no module's index.ts`).toContain(
        await defaultExportOf(file),
      );
    }
    expect(new Set([...apiRoutes, ...pageRoutes]).size).toBe(apiRoutes.length + pageRoutes.length);
    expect(new Set(repositories).size).toBe(repositories.length);
  });
});
