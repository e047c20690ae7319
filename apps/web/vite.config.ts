import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type UserConfig } from 'vite';

const src = fileURLToPath(new URL('./src', import.meta.url));

type ModuleInfo = { code: string | null; importedIds: readonly string[] } | null;

/** The libraries' index files, which re-export every component, hook or icon. */
const BARREL = /node_modules\/(@mantine\/[a-z]+\/esm\/index\.mjs|@tabler\/icons-react\/dist\/esm\/tabler-icons-react\.mjs)$/;
const NAMED = /(?:import|export)\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** `import './x.mjs';`: the libraries' builds keep these for modules they never use from that file. */
const BARE = /^import\s*["']([^"']+)["'];?$/gm;
const namesIn = (list: string, side: 'imported' | 'exported') =>
  list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [name, alias] = part.split(/\s+as\s+/);
      return (side === 'exported' ? (alias ?? name) : name) as string;
    });

/**
 * The library modules the first screen runs: what the roots import, followed through the modules
 * they import; through an index file only the names actually imported from it are followed (the
 * index itself re-exports everything), and the libraries' bare `import './x.mjs'` lines are not (they
 * have no side effects: the packages say so). Never smaller than exact, so nothing the first screen
 * needs is put in a later chunk (the bench lists the files loaded before the first result).
 */
function firstScreenModules(getModuleInfo: (id: string) => ModuleInfo, roots: string[]): Set<string> {
  const barrels = new Map<string, Map<string, string>>();
  const exportsOf = (barrel: string) => {
    let names = barrels.get(barrel);
    if (names) return names;
    names = new Map();
    const info = getModuleInfo(barrel);
    for (const [, list, spec] of (info?.code ?? '').matchAll(NAMED)) {
      const target = spec!.startsWith('.')
        ? path.resolve(path.dirname(barrel), spec!)
        : info?.importedIds.find((id) => id.includes(`/node_modules/${spec}/`));
      if (target) for (const name of namesIn(list!, 'exported')) names.set(name, target);
    }
    barrels.set(barrel, names);
    return names;
  };
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    if (!info) continue;
    const bare = [...(info.code ?? '').matchAll(BARE)].map(([, spec]) => spec as string);
    const onlyBare = (imported: string) =>
      imported.includes('/node_modules/') &&
      bare.some((spec) =>
        spec.startsWith('.') ? path.resolve(path.dirname(id), spec) === imported : imported.includes(`/node_modules/${spec}/`),
      );
    for (const imported of info.importedIds) if (!BARREL.test(imported) && !onlyBare(imported)) queue.push(imported);
    for (const [, list, spec] of (info.code ?? '').matchAll(NAMED)) {
      const barrel = info.importedIds.find((imported) => BARREL.test(imported) && imported.includes(`/node_modules/${spec}/`));
      if (!barrel) continue;
      const names = exportsOf(barrel);
      for (const name of namesIn(list!, 'imported')) {
        const target = names.get(name);
        if (target) queue.push(target);
      }
    }
  }
  return seen;
}
let firstScreen: Set<string> | undefined;

/**
 * index.html names the shell's files (boot.tsx's chunk, the chunks it imports and their CSS), so
 * the browser fetches them while it runs the small entry, instead of after it (the entry imports
 * the shell dynamically, to start the page's first requests before it).
 */
function preloadShell(): Plugin {
  return {
    name: 'preload-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunkOf = (file: string) => {
          const item = bundle[file];
          return item?.type === 'chunk' ? item : undefined;
        };
        const boot = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.moduleIds.some((id) => id.endsWith('/src/app/boot.tsx')),
        );
        if (boot?.type !== 'chunk') return html;
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          const chunk = chunkOf(file);
          if (!chunk || scripts.has(file) || chunk.isEntry) return;
          scripts.add(file);
          // The imported chunks' CSS first (Mantine's, then the app's own, which overrides it).
          for (const imported of chunk.imports) visit(imported);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        };
        visit(boot.fileName);
        const tags: HtmlTagDescriptor[] = [
          // Preloaded, not linked: a stylesheet in the page would hold the entry (and the first
          // requests it starts) until it has loaded. Vite's loader links them before the shell runs.
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...scripts].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
        return { html, tags };
      },
    },
  };
}

const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["'];?/g;

/**
 * The build imports each icon from its own file instead of through the library's index, which
 * re-exports some 6,000 icons: every one of them would be read and parsed on every build (a fifth
 * of the client build's time), to keep the few the app uses. The output is the same.
 */
function directIconImports(): Plugin {
  return {
    name: 'direct-icon-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('@tabler/icons-react')) return null;
      const out = code.replace(ICON_IMPORT, (_match, list: string) =>
        list
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part && !part.startsWith('type '))
          .map((part) => {
            const [name, local] = part.split(/\s+as\s+/);
            return `import ${local ?? name} from '@tabler/icons-react/dist/esm/icons/${name}.mjs';`;
          })
          .join('\n'),
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

const api = 'http://127.0.0.1:3000';
const proxied = ['/api', '/sanctum', '/login', '/logout', '/register', '/password'];

/**
 * `vite build --ssr`: the server's entry (src/ssr/first-screen.tsx) into dist-ssr/, every library
 * bundled in (the API imports one file; Node would not resolve some libraries' bare deep imports).
 */
const ssrBuild: UserConfig = {
  plugins: [directIconImports(), react()],
  resolve: { alias: { '@': src } },
  ssr: { noExternal: true },
  publicDir: false,
  build: {
    ssr: 'src/ssr/first-screen.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'first-screen.js', chunkFileNames: 'chunks/[name]-[hash].js' } },
  },
};

const clientBuild: UserConfig = {
  plugins: [directIconImports(), react(), preloadShell()],
  resolve: { alias: { '@': src } },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      ...Object.fromEntries(proxied.map((prefix) => [prefix, { target: api, changeOrigin: false }])),
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // .vite/manifest.json: the server links a drawn vacancy page's own chunk and styles (plugins/first-screen.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // Few, well-chosen files (a cold load over HTTP/1.1 waits on every extra request):
        // - the entry (main.tsx): it starts the first requests and loads the rest;
        // - vendor: React, the router, TanStack Query and the Mantine pieces, icons and helpers the
        //   first screen (the app's shell with the search) uses;
        // - the app's shell with the search, the first screen of most visits (rollup's chunk of boot.tsx);
        // - ui: every other library module (Mantine's dropdowns, dialogs, date pickers, masks…),
        //   which the search loads after its first results and the other pages with their code;
        // - zod (a search in the address is read with it before the first results), editor;
        // - the other pages' own code, one file each (rollup's split); pieces under 5 KB shared by
        //   several pages join one of the chunks loaded with them.
        experimentalMinChunkSize: 5_000,
        // The shell's chunk is named after whichever module rollup picks; call it what it is.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.endsWith('/src/app/boot.tsx')) ? 'assets/boot-[hash].js' : 'assets/[name]-[hash].js',
        manualChunks(id, { getModuleInfo }) {
          if (!id.includes('node_modules')) return undefined;
          // The vacancy editor (TipTap, ProseMirror) loads only with the editor, never with Mantine's core.
          if (/@tiptap|@mantine\/tiptap|prosemirror|linkifyjs|orderedmap|rope-sequence|w3c-keyname/.test(id)) return 'editor';
          // The charts (recharts with its redux and d3) load only with the analytics pages.
          if (/node_modules\/(recharts|@mantine\/charts|@reduxjs\/toolkit|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|eventemitter3|decimal\.js-light|victory-vendor|d3-[a-z-]+|internmap|tiny-invariant)\//.test(id)) return 'charts';
          if (/node_modules\/zod\//.test(id)) return 'zod';
          if (/node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[^/]+)\//.test(id)) return 'vendor';
          firstScreen ??= firstScreenModules(getModuleInfo, [path.join(src, 'main.tsx'), path.join(src, 'app/boot.tsx')]);
          // (Named, not left to rollup: a manual chunk takes in the unassigned modules it imports.)
          return firstScreen.has(id) || BARREL.test(id) ? 'vendor' : 'ui';
        },
      },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));
