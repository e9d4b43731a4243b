import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * What a browser downloads for a page of the built SPA (apps/web/dist), raw and gzipped.
 *
 * There is no Vite manifest in the build, so the chunk graph is read from the files themselves: index.html names
 * the entry script and stylesheet; a chunk's static imports (`from"./x.js"`, `import"./x.js"`) load with it; a
 * lazy route is a dynamic `import("./<route>-<hash>.js")` in the entry, whose CSS Vite lists in `__vite__mapDeps`.
 * A page = the entry's static closure + its route chunk's static closure (+ that route's CSS).
 */

export interface AssetSet {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
}

export interface PageAssets {
  page: string;
  /** The route chunk the page loads lazily, when found. */
  routeChunk: string | undefined;
  js: AssetSet;
  css: AssetSet;
}

export interface BundleFigures {
  dist: string;
  builtAt: Date;
  entry: string;
  pages: PageAssets[];
}

/** apps/web/dist, or WEB_DIST (the same override the server uses for the SPA it serves). */
export const DEFAULT_WEB_DIST = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.resolve(import.meta.dirname, '../../web/dist');

/** `pages`: page label → the source module name of its lazy route (apps/web/src/app/routes/<name>.tsx). */
export function measureBundle(
  dist = DEFAULT_WEB_DIST,
  pages: Record<string, string> = { 'start page (/)': 'start', 'dashboard (/dashboard)': 'dashboard' },
): BundleFigures | null {
  const indexFile = path.join(dist, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const entry = tags.filter((t) => t.startsWith('<script') && /type="module"/.test(t)).map((t) => attr(t, 'src'))[0];
  if (!entry) return null;
  const entryCss = tags
    .filter((t) => /rel="stylesheet"/.test(t))
    .map((t) => attr(t, 'href'))
    .filter((href): href is string => !!href);

  const toFile = (href: string) => path.join(dist, href.replace(/^\//, ''));
  const read = (href: string) => fs.readFileSync(toFile(href), 'utf8');

  /** `/assets/a.js` and every chunk it imports statically, transitively. */
  const closure = (start: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(start)) return seen;
    seen.add(start);
    const dir = path.posix.dirname(start);
    const source = read(start);
    for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) {
      closure(path.posix.join(dir, match[1]!), seen);
    }
    return seen;
  };

  const entrySource = read(entry);
  const entryDir = path.posix.dirname(entry);
  const depsList =
    /m\.f=\[([^\]]*)\]/
      .exec(entrySource)?.[1]
      ?.match(/"([^"]+)"/g)
      ?.map((s) => s.slice(1, -1)) ?? [];
  const entryFiles = closure(entry);

  const figures = (files: Iterable<string>): AssetSet => {
    const list = [...files].sort();
    let rawBytes = 0;
    let gzipBytes = 0;
    for (const file of list) {
      const content = fs.readFileSync(toFile(file));
      rawBytes += content.length;
      gzipBytes += zlib.gzipSync(content).length;
    }
    return { files: list.map((f) => path.posix.basename(f)), rawBytes, gzipBytes };
  };

  const result: PageAssets[] = [];
  for (const [label, module] of Object.entries(pages)) {
    const pattern = new RegExp(
      `import\\(\\s*["'\`]\\./(${module}-[A-Za-z0-9_-]{8}\\.js)["'\`]\\s*\\)(?:\\s*,\\s*__vite__mapDeps\\(\\[([\\d,\\s]*)\\]\\))?`,
    );
    const match = pattern.exec(entrySource);
    const js = new Set(entryFiles);
    const css = new Set(entryCss);
    if (match) {
      for (const file of closure(path.posix.join(entryDir, match[1]!))) js.add(file);
      for (const index of (match[2] ?? '').split(',').filter(Boolean)) {
        const dep = depsList[Number(index)];
        if (dep?.endsWith('.css')) css.add(`/${dep}`);
      }
    }
    result.push({ page: label, routeChunk: match?.[1], js: figures(js), css: figures(css) });
  }
  return { dist, builtAt: fs.statSync(indexFile).mtime, entry, pages: result };
}
