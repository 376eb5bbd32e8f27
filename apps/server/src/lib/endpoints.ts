import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { type CallOutput, declaredErrors, type Endpoint, ERROR_STATUSES, errorAnswers, type ErrorCode, type Route, shopCall, type ShopCall } from '@gemstore/contracts';
import { customerOnly, type RequestContext, staffOnly } from './context.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/**
 * A request to one endpoint: params, query and body as its schemas parsed them, and on a call of
 * one shop (ShopCall) that shop's context. A call without a shop (a provider's, system or dev
 * call, a payment page) has no `ctx` at all: its handler cannot read one by mistake.
 */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body' | 'ctx'> & {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : unknown;
} & (ShopCall<E> extends true ? { ctx: RequestContext } : unknown);

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
  /** false: the handler reads the body itself (a signed raw body); the table's body schema only documents it. */
  validateBody?: false;
}

/** Fastify's schema of an endpoint (fastify-type-provider-zod validates and serialises from it). */
function fastifySchema(e: Endpoint, validateBody: boolean) {
  return {
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body && validateBody && !('multipart' in e.body) ? { body: e.body } : {}),
    response: { ...(typeof e.response === 'string' ? {} : { 200: e.response }), ...Object.fromEntries(errorAnswers(e)) },
  };
}

/**
 * Holds every error answer of a call to the codes its entry declares (with its access kind's). An
 * undeclared one is logged; outside production it becomes a 500 that names it, so the tests of
 * the call fail on it; in production the answer still goes out.
 */
function declaredErrorsOnly(name: string, e: Endpoint, production: boolean) {
  const declared = new Set<string>(declaredErrors(e));
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const status = reply.statusCode;
    if (status < 400) return payload;
    const sent = (payload ?? {}) as { code?: unknown };
    const code = typeof sent.code === 'string' ? sent.code : status === 422 ? 'validation_failed' : undefined;
    if (code !== undefined && declared.has(code) && ERROR_STATUSES[code as ErrorCode] === status) return payload;
    request.log.error({ endpoint: name, status, code }, 'undeclared error answer');
    if (production) return payload;
    reply.status(500);
    return { message: `${name} answered ${status} ${code ?? 'without a code'}, which its entry in the endpoint table does not declare.`, code: 'internal_error' };
  };
}

/** The endpoints of one module: the entries of `table` named in its route group (`cartRoutes` -> the cart calls). */
export function endpointsOf<T extends Record<string, Endpoint>, G extends { [K in keyof G]: K extends keyof T ? Route : never }>(
  table: T, group: G,
): { [K in keyof G & keyof T]: T[K] } {
  return Object.fromEntries(Object.keys(group).map((name) => [name, table[name]])) as never;
}

/**
 * Registers one route per endpoint of a table, each with the handler of the same name: a table
 * entry without a handler, or a handler without an entry, is a type error. The path, method,
 * schemas and who may call come from the table only.
 */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance, endpoints: T, handlers: Handlers<T>, extrasByName: { [K in keyof T]?: RouteExtras } = {},
): void {
  const production = app.config.env === 'production';
  for (const name of Object.keys(endpoints) as (keyof T & string)[]) {
    const e = endpoints[name]!;
    const { validateBody, ...extras } = extrasByName[name] ?? {};
    // A signed-out caller of a customer or staff call gets 401 (a role without the call's capability 403) before its body is validated (422).
    const guard: RouteHook[] = e.access === 'customer' ? [customerOnly] : e.access === 'staff' ? [staffOnly(e.capability)] : [];
    const preValidation = [...guard, ...(extras.preValidation ?? [])];
    const route: RouteOptions = {
      method: e.method,
      url: e.path,
      schema: fastifySchema(e, validateBody !== false),
      ...extras,
      ...(preValidation.length ? { preValidation } : {}),
      preSerialization: declaredErrorsOnly(name, e, production),
      config: { ...(extras.config ?? {}), endpoint: name, ...(shopCall(e) ? (e.root ? { tenant: true } : {}) : { skipTenant: true }) },
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
