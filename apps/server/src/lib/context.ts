import type { Database } from '@gemstore/db';
import type { stores } from '@gemstore/db';

export type Store = typeof stores.$inferSelect;

/** What every service call is scoped by (HABITS.md 2): the store first, the customer when signed in. */
export interface RequestContext {
  store: Store;
  customerId?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: import('../config.ts').Config;
  }
  interface FastifyRequest {
    /** Set by the tenant plugin on every /api request. */
    ctx: RequestContext;
  }
}
