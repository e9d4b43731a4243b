// Part of `npm run build -w apps/server`, right after tsc: the server's entry (dist/server.js) and the entries of its
// two worker threads (dist/db/pglite-worker.js, dist/export/pdf-worker.js), each with everything it imports, bundled
// with esbuild over tsc's output (docs/decisions/0054-bundled-server-entries.md). A start then reads a few files instead
// of resolving and loading some 1,200 modules one by one, which was most of a start's CPU time. What an entry imports
// only when it needs it (the app, the database drivers, the mailer) lies in chunks of its own in dist/bundle, read
// only then: the entry itself is small, so that the database's thread starts at once. The other files of dist stay
// as tsc wrote them (the command-line tools load from there).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const dist = path.resolve(import.meta.dirname, '../dist');
const entries = ['server.js', 'db/pglite-worker.js', 'export/pdf-worker.js'].map((file) => path.join(dist, file));
const BANNER = "import { createRequire as __bundleRequire } from 'node:module';";

for (const entry of entries) {
  if (fs.readFileSync(entry, 'utf8').startsWith(BANNER)) {
    throw new Error(`${path.relative(process.cwd(), entry)} is bundled already: run tsc first (npm run build)`);
  }
}

/**
 * Packages that find files of their own at run time by name (pino's transports and its worker, pdfkit's font data) or
 * that are optional: loaded from node_modules as before.
 */
const external = [
  'pdfkit',
  'pino',
  'pino-pretty',
  'thread-stream',
  'ioredis',
  'pg-native',
  'tsx',
  'tsx/*',
  // CommonJS packages the app imports with import() and named bindings: a chunk of the bundle would only have their
  // default export. Node's own loader finds the names.
  'prom-client',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-de',
];

/**
 * A bundled module would see the bundle's location as its own. Every module that asks where it lies
 * (`import.meta.url`, `import.meta.dirname`, `__dirname`, …) gets the location of its original file instead, so that
 * the migrations, fonts, WebAssembly, templates and worker scripts are found where they were.
 */
const ownLocation = {
  name: 'own-location',
  setup(context) {
    context.onLoad({ filter: /\.(c|m)?js$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, 'utf8');
      if (!/import\.meta|__dirname|__filename/.test(source)) return undefined;
      const dir = path.dirname(file);
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dir))
        .replaceAll('import.meta.filename', JSON.stringify(file))
        .replace(/\b__dirname\b/g, JSON.stringify(dir))
        .replace(/\b__filename\b/g, JSON.stringify(file));
      if (/import\.meta\b/.test(contents)) throw new Error(`${file}: an import.meta use the bundle cannot keep`);
      return { contents, loader: 'js', resolveDir: dir };
    });
  },
};

const chunks = path.join(dist, 'bundle');
fs.rmSync(chunks, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  entryPoints: entries,
  outdir: dist,
  outbase: dist,
  entryNames: '[dir]/[name]',
  splitting: true,
  chunkNames: 'bundle/[name]-[hash]',
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // Whitespace and syntax only: parsing is proportional to the text (the app's chunk 5.9 → 3.2 MB), and the names
  // stay readable in stack traces. Not `keepNames`: it wraps every function the code creates in a call that defines
  // its `name`, at run time too (node-postgres makes a named closure per array value it parses), which was 3–5 % of
  // GET /api/routes' CPU (issue 30). Without it a name stays as written unless two modules' top-level names collide
  // (then esbuild appends a number); every fastify-plugin of the app and its dependencies states its name.
  minifyWhitespace: true,
  minifySyntax: true,
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: `${BANNER}\nconst require = __bundleRequire(import.meta.url);` },
  plugins: [ownLocation],
  logLevel: 'warning',
  metafile: true,
});

const outputs = Object.entries(result.metafile.outputs);
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.info(
  `server bundle: ${entries.length} entries and ${outputs.length - entries.length} chunks in dist/bundle ` +
    `(${mib(outputs.reduce((sum, [, output]) => sum + output.bytes, 0))}), ` +
    `${Object.keys(result.metafile.inputs).length} modules, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
