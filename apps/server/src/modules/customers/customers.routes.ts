import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountryCodesResponse, CustomerUpdatePasswordBody, MessageResponse, ProfileResponse, UpdateProfileBody, UserUpdateBody,
} from '@gemstore/contracts';
import { bearerToken, customerOnly } from '../../plugins/auth.ts';
import { sendersFor } from '../notifications/notifications.routes.ts';
import * as service from './customers.service.ts';

/** The signed-in customer's profile and password, and the phone country codes. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const senders = sendersFor(app.config);

  app.get('/country-codes', { schema: { response: { 200: CountryCodesResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return service.listCountryCodes();
    });

  app.post('/update-profile', { preValidation: customerOnly, schema: { body: UpdateProfileBody, response: { 200: ProfileResponse } } },
    async (request) => service.updateProfile(db, request.ctx, request.body));
  app.post('/user-update', { preValidation: customerOnly, schema: { body: UserUpdateBody, response: { 200: ProfileResponse } } },
    async (request) => service.userUpdate(db, request.ctx, request.body));
  app.post('/customer-update-password', { preValidation: customerOnly, schema: { body: CustomerUpdatePasswordBody, response: { 200: MessageResponse } } },
    async (request) => service.updatePassword(db, request.ctx, { ...request.body, currentToken: bearerToken(request) },
      { config: app.config, senders, ip: request.ip, log: request.log }));
};
