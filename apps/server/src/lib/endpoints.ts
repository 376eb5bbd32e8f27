import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { CallOutput, Endpoint } from '@gemstore/contracts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** A request to one endpoint: params, query and body as its schemas parsed them. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : unknown;
};

/** Answers the call's 200 body, or sends something else itself through the reply (HTML, redirects). */
export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<CallOutput<E> | FastifyReply>;

export type Handlers<T extends Record<string, Endpoint>> = { [K in keyof T]: EndpointHandler<T[K]> };

export type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What a module adds to a route besides the table's: hooks, a body limit, per-route config. */
export interface RouteExtras {
  preValidation?: RouteHook[];
  preHandler?: RouteHook[];
  bodyLimit?: number;
  attachValidation?: boolean;
  config?: FastifyContextConfig;
}

/** Fastify's schema of an endpoint (fastify-type-provider-zod validates and serialises from it). */
function fastifySchema(e: Endpoint) {
  return {
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body && !('multipart' in e.body) ? { body: e.body } : {}),
    ...(typeof e.response === 'string' ? {} : { response: { 200: e.response } }),
  };
}

export interface EndpointGuards {
  /** Runs before validation on calls whose access is `customer` (401 before 422). */
  customer: RouteHook;
}

/**
 * Registers one route per endpoint of a table, each with the handler of the same name: a table
 * entry without a handler, or a handler without an entry, is a type error. The path, method,
 * schemas and who may call come from the table only.
 */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance, endpoints: T, handlers: Handlers<T>,
  options: { guards: EndpointGuards; extras?: { [K in keyof T]?: RouteExtras } },
): void {
  for (const name of Object.keys(endpoints) as (keyof T & string)[]) {
    const e = endpoints[name]!;
    const extras = options.extras?.[name] ?? {};
    const guard = e.access === 'customer' ? [options.guards.customer] : [];
    const preValidation = [...guard, ...(extras.preValidation ?? [])];
    const route: RouteOptions = {
      method: e.method,
      url: e.path,
      schema: fastifySchema(e),
      ...extras,
      ...(preValidation.length ? { preValidation } : {}),
      config: { ...(extras.config ?? {}), endpoint: name, ...(e.access === 'provider' || e.access === 'dev' || e.access === 'system' ? { skipTenant: true } : {}) },
      handler: handlers[name] as RouteOptions['handler'],
    };
    app.route(route);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint table's name of the route (logs, OpenAPI coverage). */
    endpoint?: string;
  }
}
