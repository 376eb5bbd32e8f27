import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    reactRouter(),
    // Brotli and gzip copies beside every text asset of the client build, served by @fastify/static's
    // preCompressed: the server never compresses a built file again per request.
    {
      ...compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|svg|json|html|txt|xml)$/, threshold: 1024, logLevel: 'silent' }),
      apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    },
  ],
  build: { target: 'es2022' },
});
