import { recordPagePaths } from '../config/paths';
import type { PageModule } from './record-route';

/** Page modules by file, as `import.meta.glob('./routes/*.tsx')` yields them: each a lazily loaded chunk. */
export type PageLoaders = Record<string, () => Promise<unknown>>;

/**
 * The three pages of a declared kind with pages of its own (contract `record-kinds.ts`, `page: '/vehicle'`), found by
 * their file names: `routes/vehicle-new.tsx` at `/vehicle/new`, `routes/vehicle-edit.tsx` at `/vehicle/edit/:id`,
 * `routes/vehicle-view.tsx` at `/vehicle/:id`. A missing file fails when the router is built, not when the page opens.
 */
export function recordPageRoutes<Route>(
  kind: { page: `/${string}` },
  loaders: PageLoaders,
  page: (path: string | { pattern: string }, load: () => Promise<PageModule>) => Route,
): Route[] {
  const paths = recordPagePaths(kind);
  const load = (suffix: 'new' | 'edit' | 'view') => {
    const file = `./routes/${kind.page.slice(1)}-${suffix}.tsx`;
    const loader = loaders[file];
    if (!loader) throw new Error(`${kind.page}: the page ${file} is missing`);
    return loader as () => Promise<PageModule>;
  };
  return [page(paths.new, load('new')), page(paths.edit, load('edit')), page(paths.view, load('view'))];
}
