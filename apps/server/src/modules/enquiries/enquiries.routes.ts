import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EnquiryBody, EnquiryResponse } from '@gemstore/contracts';
import * as service from './enquiries.service.ts';

export const enquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/enquiry', { schema: { body: EnquiryBody, response: { 200: EnquiryResponse } } },
    async (request) => service.submitEnquiry(app.db, request.ctx, { config: app.config, ip: request.ip, log: request.log }, request.body));
};
