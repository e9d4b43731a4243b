import { recordPagePaths } from '../config/paths';
import type { PageModule } from './record-route';

/** Page modules by file, as `import.meta.glob('./routes/*.tsx')` yields them: each a lazily loaded chunk. */
export type PageLoaders = Record<string, () => Promise<unknown>>;

type Page = 'new' | 'edit' | 'view';

/** What a kind's one page file exports (`recordKindPages`, app/record-kind-pages.tsx), by page. */
const EXPORT_OF: Record<Page, 'create' | 'edit' | 'view'> = { new: 'create', edit: 'edit', view: 'view' };

/**
 * The three pages of a declared kind with pages of its own (contract `record-kinds.ts`, `page: '/vehicle'`), found by
 * file name: `routes/vehicle.tsx` exporting `create`, `edit` and `view` (one declaration, `recordKindPages`), or, for
 * a kind whose pages do more than that (a tour's draft, a route's path), `routes/tour-new.tsx` at `/tour/new`,
 * `routes/tour-edit.tsx` at `/tour/edit/:id` and `routes/tour-view.tsx` at `/tour/:id`, each its own chunk. A missing
 * file fails when the router is built, not when the page opens.
 */
export function recordPageRoutes<Route>(
  kind: { page: `/${string}` },
  loaders: PageLoaders,
  page: (path: string | { pattern: string }, load: () => Promise<PageModule>) => Route,
): Route[] {
  const paths = recordPagePaths(kind);
  const name = kind.page.slice(1);
  const declared = loaders[`./routes/${name}.tsx`];
  const load = (suffix: Page): (() => Promise<PageModule>) => {
    if (declared) {
      return async () => {
        const module = (await declared()) as Partial<Record<string, PageModule>>;
        const pageModule = module[EXPORT_OF[suffix]];
        if (!pageModule) throw new Error(`${kind.page}: ./routes/${name}.tsx exports no ${EXPORT_OF[suffix]} page`);
        return pageModule;
      };
    }
    const file = `./routes/${name}-${suffix}.tsx`;
    const loader = loaders[file];
    if (!loader) throw new Error(`${kind.page}: the page ./routes/${name}.tsx or ${file} is missing`);
    return loader as () => Promise<PageModule>;
  };
  return [page(paths.new, load('new')), page(paths.edit, load('edit')), page(paths.view, load('view'))];
}
