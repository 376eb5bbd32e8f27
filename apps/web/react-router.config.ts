import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Public pages render on the server with real content (ARCHITECTURE.md, "Web app").
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
