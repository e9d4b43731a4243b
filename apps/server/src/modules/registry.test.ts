import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiRoutes, pageRoutes, repositories } from './registry.js';

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Files that follow the naming but are deliberately not registered (none at the moment). */
const NOT_REGISTERED = new Set<string>([]);

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
  it('registers the repository plugin of every *.repository.ts', async () => {
    const files = filesEndingIn('.repository.ts', ['modules', 'repositories', 'jobs']);
    expect(files.length).toBeGreaterThan(15);
    for (const file of files.filter((f) => !NOT_REGISTERED.has(f))) {
      expect(repositories, `${file}: its default export is in no list of modules/registry.ts`).toContain(
        await defaultExportOf(file),
      );
    }
  });

  it('registers the route plugin of every *.routes.ts, once', async () => {
    const files = filesEndingIn('.routes.ts', ['modules']);
    for (const file of files.filter((f) => !NOT_REGISTERED.has(f))) {
      expect(
        [...apiRoutes, ...pageRoutes],
        `${file}: its default export is in no list of modules/registry.ts`,
      ).toContain(await defaultExportOf(file));
    }
    expect(new Set([...apiRoutes, ...pageRoutes]).size).toBe(apiRoutes.length + pageRoutes.length);
    expect(new Set(repositories).size).toBe(repositories.length);
  });
});
