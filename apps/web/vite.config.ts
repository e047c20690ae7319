import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';
const proxied = ['/api', '/sanctum', '/login', '/logout', '/register', '/password'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
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
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          // The vacancy editor (TipTap, ProseMirror) loads only with the editor, never with Mantine's core.
          if (/@tiptap|prosemirror|linkifyjs|orderedmap|rope-sequence|w3c-keyname/.test(id)) return 'editor';
          // Mantine is not one chunk: each page gets the components it imports (the home page only
          // its own), and rollup shares the common ones.
          if (id.includes('react-router')) return 'router';
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('@tanstack')) return 'query';
          return undefined;
        },
      },
    },
  },
});
