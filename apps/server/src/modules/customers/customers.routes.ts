import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountryCodesResponse, CustomerUpdatePasswordBody, MessageResponse, OtpSentResponse, ProfileCodeResendBody, ProfileResponse, UpdateProfileBody,
  UserUpdateBody, VerifyProfileIdentifierBody,
} from '@gemstore/contracts';
import { bearerToken, customerOnly } from '../../plugins/auth.ts';
import type { ServiceDeps } from '../notifications/notifications.service.ts';
import { sendersFor } from '../notifications/notifications.routes.ts';
import * as service from './customers.service.ts';

/** The signed-in customer's profile and password, and the phone country codes. */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const senders = sendersFor(app.config);
  const deps = (request: FastifyRequest): ServiceDeps => ({ config: app.config, senders, ip: request.ip, log: request.log });

  app.get('/country-codes', { schema: { response: { 200: CountryCodesResponse } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return service.listCountryCodes();
    });

  app.post('/update-profile', { preValidation: customerOnly, schema: { body: UpdateProfileBody, response: { 200: ProfileResponse } } },
    async (request) => service.updateProfile(db, request.ctx, request.body, deps(request)));
  app.post('/user-update', { preValidation: customerOnly, schema: { body: UserUpdateBody, response: { 200: ProfileResponse } } },
    async (request) => service.userUpdate(db, request.ctx, request.body, deps(request)));
  // A new email or phone from the profile takes effect once the code sent to it comes back.
  app.post('/verify-profile-identifier', { preValidation: customerOnly, schema: { body: VerifyProfileIdentifierBody, response: { 200: ProfileResponse } } },
    async (request) => service.verifyProfileIdentifier(db, request.ctx, request.body, deps(request)));
  for (const [path, voice] of [['/profile-resend-otp', false], ['/profile-voice-otp', true]] as const) {
    app.post(path, { preValidation: customerOnly, schema: { body: ProfileCodeResendBody, response: { 200: OtpSentResponse } } },
      async (request) => service.resendProfileCode(db, request.ctx, { regId: request.body.regId, voice }, deps(request)));
  }
  app.post('/customer-update-password', { preValidation: customerOnly, schema: { body: CustomerUpdatePasswordBody, response: { 200: MessageResponse } } },
    async (request) => service.updatePassword(db, request.ctx, { ...request.body, currentToken: bearerToken(request) }, deps(request)));
};
