import type { FastifyRequest } from 'fastify';
import { requireCustomer } from '../plugins/auth.ts';
import type { RequestContext } from './context.ts';

/** The request context of a signed-in customer: services of customer-owned things take this. */
export interface CustomerContext extends RequestContext {
  customerId: number;
}

/** 401 when signed out (plugins/auth.ts); otherwise the store and the customer. */
export function customerContext(request: FastifyRequest): CustomerContext {
  const customerId = requireCustomer(request);
  return { ...request.ctx, customerId };
}
