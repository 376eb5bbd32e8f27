import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, declaredErrors, type Endpoint, endpoints, isErrorOf } from '@gemstore/contracts';
import type { Config } from '../src/config.ts';
import { registerEndpoints } from '../src/lib/endpoints.ts';
import { ConflictError, NotFoundError } from '../src/lib/errors.ts';
import { contractSerializerCompiler } from '../src/lib/serializer.ts';
import { errorsPlugin } from '../src/plugins/errors.ts';

/** A call that declares not_found only, and whose handler answers whatever the test asks for. */
const probe = {
  method: 'GET', path: '/probe/:what', access: 'system', summary: 'A probe.',
  params: z.object({ what: z.enum(['missing', 'taken', 'fine']) }), response: z.object({ ok: z.boolean() }), errors: ['not_found'],
} as const satisfies Endpoint;

/** The server's own registration, error handler and serialiser, around the probe, in one environment. */
async function probeApp(env: Config['env'], log: string[]): Promise<FastifyInstance> {
  const stream = new Writable({ write(chunk, _enc, done) { log.push(String(chunk)); done(); } });
  const app = Fastify({ logger: { level: 'error', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ checkWithZod: env !== 'production' }));
  app.decorate('config', { env } as Config);
  await app.register(errorsPlugin);
  registerEndpoints(app, { probe }, {
    probe: async (request) => {
      if (request.params.what === 'missing') throw new NotFoundError('There is no such thing.');
      if (request.params.what === 'taken') throw new ConflictError('That stone is gone.', 'stone_unavailable');
      return { ok: true };
    },
  });
  await app.ready();
  return app;
}

describe('declared error answers', () => {
  it('lets a declared code through and makes an undeclared one a 500 that names it, outside production', async () => {
    const log: string[] = [];
    const app = await probeApp('test', log);
    const missing = await app.inject({ method: 'GET', url: '/probe/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'There is no such thing.', code: 'not_found' });
    const taken = await app.inject({ method: 'GET', url: '/probe/taken' });
    expect(taken.statusCode).toBe(500);
    expect(taken.json()).toEqual({ code: 'internal_error', message: expect.stringContaining('probe answered 409 stone_unavailable') });
    expect(log.join('')).toContain('undeclared error answer');
    // A validation answer is declared for every call.
    expect((await app.inject({ method: 'GET', url: '/probe/other' })).statusCode).toBe(422);
    await app.close();
  });

  it('logs an undeclared code in production and still sends the answer', async () => {
    const log: string[] = [];
    const app = await probeApp('production', log);
    const taken = await app.inject({ method: 'GET', url: '/probe/taken' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'That stone is gone.', code: 'stone_unavailable' });
    expect(log.join('')).toMatch(/"endpoint":"probe".*"code":"stone_unavailable".*undeclared error answer/);
    await app.close();
  });

  it('declares for each call its own codes besides those of its access kind', () => {
    expect(declaredErrors(endpoints.placeOrder)).toEqual(expect.arrayContaining(['unauthenticated', 'unknown_store', 'account_blocked', 'stone_unavailable']));
    expect(declaredErrors(endpoints.placeOrder)).not.toContain('forbidden');
    expect(declaredErrors(endpoints.adminOrderDispatch)).toEqual(expect.arrayContaining(['forbidden', 'two_factor_required', 'invalid_staff_token', 'order_not_paid']));
    expect(declaredErrors(endpoints.health)).not.toContain('unknown_store');
    expect(declaredErrors(endpoints.products)).not.toContain('not_found');
  });

  it('narrows a client error on the codes a call declares', () => {
    const err = new ApiError(409, { message: 'Gone.', code: 'stone_unavailable' });
    expect(isErrorOf('placeOrder', err, 'stone_unavailable')).toBe(true);
    expect(isErrorOf('placeOrder', err, 'account_blocked')).toBe(false);
    expect(isErrorOf('placeOrder', new Error('stone_unavailable'), 'stone_unavailable')).toBe(false);
    // @ts-expect-error placing an order never answers refund_refused
    expect(isErrorOf('placeOrder', err, 'refund_refused')).toBe(false);
  });

});
