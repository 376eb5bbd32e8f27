import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler } from '../src/lib/serializer.ts';

const Answer = z.object({ id: z.number(), name: z.string(), note: z.string().nullable(), tags: z.array(z.string()).optional() });

async function appAnswering(checkWithZod: boolean, answer: unknown) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ checkWithZod }));
  app.get('/answer', { schema: { response: { 200: Answer } } }, async () => answer as never);
  await app.ready();
  return app;
}

describe('responses written from their zod contracts', () => {
  for (const checkWithZod of [true, false]) {
    it(`writes only the contract's fields (${checkWithZod ? 'checked' : 'production'})`, async () => {
      const app = await appAnswering(checkWithZod, { id: 7, name: 'Ruby', note: null, passwordHash: 'secret', tags: ['red'] });
      const res = await app.inject({ url: '/answer' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 7, name: 'Ruby', note: null, tags: ['red'] });
      expect(res.body).not.toContain('secret');
      await app.close();
    });
  }

  it('refuses an answer that breaks its contract outside production', async () => {
    const app = await appAnswering(true, { id: 'seven', name: 'Ruby', note: null });
    const res = await app.inject({ url: '/answer' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('refuses an answer missing a required field in production too', async () => {
    const app = await appAnswering(false, { id: 7, note: null });
    const res = await app.inject({ url: '/answer' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });
});
