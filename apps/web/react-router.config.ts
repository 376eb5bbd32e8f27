import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Public pages render on the server with real content (docs/decisions/0002-ssr-inside-fastify.md).
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
