import type { FastifyInstance } from 'fastify';
import { adminSettingsRoutes, endpoints } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

/** The store profile and shipping rates (capability `settings`) and payment settings (capability `payment_settings`). */
export async function storesAdminRoutes(app: FastifyInstance) {
  const { storesAdmin } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, adminSettingsRoutes), {
    adminStoreProfile: (request) => storesAdmin.profile(request.ctx),
    adminUpdateStoreProfile: (request) => storesAdmin.updateProfile(request.ctx, request.body),
    adminShippingSettings: (request) => storesAdmin.shipping(request.ctx),
    adminShippingSettingsUpdate: (request) => storesAdmin.updateShipping(request.ctx, request.body),
    adminPaymentSettings: (request) => storesAdmin.payments(request.ctx),
    adminUpdatePaymentSettings: (request) => storesAdmin.updatePayments(request.ctx, request.body),
  });
}
