import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    reactRouter(),
    // Brotli and gzip copies beside every text asset of the client build, served by @fastify/static's
    // preCompressed: the server never compresses a built file again per request.
    {
      ...compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|html|txt|xml)$/, threshold: 1024, logLevel: 'silent' }),
      apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    },
  ],
  build: {
    target: 'es2022',
    rollupOptions: {
      // The browser's scripts in fewer files (docs/decisions/0036): the libraries every page runs in
      // one, the app's small shared helpers in another. Rollup would otherwise make a file of each
      // set of routes that shares a module, most of them under 1 kB, and a phone on HTTP/1.1 fetches
      // six at a time. The server build stays one file.
      output: isSsrBuild ? {} : {
        manualChunks(id: string) {
          if (/\/node_modules\/(@tanstack|react-router|react|scheduler|cookie|set-cookie-parser)\//.test(id)) return 'vendor';
          if (/\/apps\/web\/app\/lib\//.test(id) || /\/packages\/contracts\/src\/(constants|paths|urls)/.test(id)) return 'shared';
        },
      },
    },
  },
}));
