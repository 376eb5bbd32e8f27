import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CheckDomainResponse, StoreProfileResponse } from '@gemstore/contracts';
import { NotFoundError } from '../../lib/errors.ts';
import { normaliseDomain } from '../../plugins/tenant.ts';
import { getStoreProfile } from './stores.service.ts';

export const storesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/store-profile', { schema: { response: { 200: StoreProfileResponse } } }, async (request) =>
    getStoreProfile(app.db, request.ctx));

  app.get('/check-domain/:domain', {
    schema: { params: z.object({ domain: z.string().max(253) }), response: { 200: CheckDomainResponse } },
  }, async (request) => {
    const domain = normaliseDomain(request.params.domain);
    const store = domain ? await app.resolveStore(domain) : null;
    if (!store) throw new NotFoundError(`No shop is set up for the domain '${request.params.domain}'.`, 'unknown_store');
    return { exists: true as const, store: { id: store.id, name: store.name } };
  });
};
