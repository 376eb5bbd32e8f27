import { defineConfig } from 'vite';

/**
 * The back office: a single-page app served by the server at /admin on every store's domain
 * (docs/decisions/0020-admin-app.md). esbuild compiles the JSX; no React plugin is needed for a
 * production build.
 */
export default defineConfig({
  base: '/admin/',
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: 'build',
    emptyOutDir: true,
    sourcemap: false,
    // One bundle, loaded once per session by staff only (the storefront never loads it).
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      onwarn(warning, warn) {
        // Mantine marks its modules "use client" for server-component frameworks; a plain SPA bundle ignores it.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
