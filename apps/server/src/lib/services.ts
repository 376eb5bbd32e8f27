import type { Database } from '@gemstore/db';
import { executor, type RequestContext } from './context.ts';
import type { Executor } from './db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Step = (db: Executor, ctx: any, ...rest: any[]) => unknown;
type Method<F> = F extends (db: Executor, ctx: infer C, ...rest: infer R) => infer O ? (ctx: C, ...rest: R) => O : never;

/**
 * A module's steps, written `(db, ctx, ...)`, as service methods `(ctx, ...)` on one database: each
 * runs on the context's transaction when a flow gives one (lib/context.ts `within`), else on `db`.
 */
export function serviceOf<T extends Record<string, Step>>(db: Database, steps: T): { [K in keyof T]: Method<T[K]> } {
  const methods = {} as Record<string, unknown>;
  for (const [name, step] of Object.entries(steps)) {
    methods[name] = (ctx: RequestContext, ...rest: unknown[]) => step(executor(db, ctx), ctx, ...rest);
  }
  return methods as { [K in keyof T]: Method<T[K]> };
}
