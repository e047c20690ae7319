// `npm run build -w @hr/api`: the server (src/server.ts) compiled into one ES module, dist/server.js,
// which `npm start` runs with plain `node`.
//
// - The workspace's own TypeScript (apps/api/src and the contract, which has no build of its own) is
//   bundled; every package from node_modules stays an import, so native and WebAssembly packages
//   (@node-rs/argon2, PGlite with its data files and pg_trgm), pino's transport (pino-pretty) and the
//   drivers load from node_modules as they do under tsx. A production install (`npm ci --omit=dev`)
//   therefore needs them in "dependencies".
// - Files the server reads beside its sources (the migrations in apps/api/drizzle, the dictionaries'
//   seed-data, the web build) are read where they are: `import.meta.dirname` and `import.meta.url`
//   in a bundled file are rewritten to mean that source file's folder, relative to dist/.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const outdir = path.join(here, 'dist');

/** Bare imports (packages, `node:` built-ins) stay imports; the workspace's @hr/* sources are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@hr/') || path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta.dirname`/`url` of a bundled file keep meaning that file's folder and address. */
const sourceLocations = {
  name: 'source-locations',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?tsx?$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.')) {
        const rel = path.relative(outdir, args.path).split(path.sep).join('/');
        const dir = path.posix.dirname(rel);
        contents = contents
          .replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${dir}`)})`)
          .replaceAll('import.meta.filename', `(import.meta.dirname + ${JSON.stringify(`/${rel}`)})`)
          .replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents, loader: path.extname(args.path).endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const startedAt = Date.now();
const result = await build({
  entryPoints: { server: path.join(here, 'src/server.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Readable output with a source map beside it (NODE_OPTIONS=--enable-source-maps maps stack traces).
  sourcemap: 'linked',
  legalComments: 'none',
  plugins: [externalPackages, sourceLocations],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).find((o) => o.entryPoint)?.bytes ?? 0;
console.log(`api: dist/server.js, ${(bytes / 1024).toFixed(0)} KB, ${Date.now() - startedAt} ms`);
