import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressEditResponse, AddressIdBody, AddressResponse, AddressSaveBody, AddressUpdateBody, AddressesResponse,
  CitiesParams, CitiesResponse, CountriesResponse, OkResponse, StatesParams, StatesResponse,
} from '@gemstore/contracts';
import { customerContext } from '../../lib/customer-context.ts';
import { customerOnly } from '../../plugins/auth.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { assertValidBody } from '../../lib/field-errors.ts';
import * as service from './addresses.service.ts';
import { listCities, listCountries, listStates } from './locations.ts';

/** The place lists never change between releases: browsers and proxies may keep them a day. */
const CACHE_A_DAY = 'public, max-age=86400';

export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post('/address', { onRequest: customerOnly, schema: { response: { 200: AddressesResponse } } },
    async (request) => service.listAddresses(db, customerContext(request)));

  app.get('/countries', { schema: { response: { 200: CountriesResponse } } }, async (_request, reply) => {
    reply.header('cache-control', CACHE_A_DAY);
    return { countries: listCountries() };
  });
  app.get('/states/:countryId', { schema: { params: StatesParams, response: { 200: StatesResponse } } }, async (request, reply) => {
    const states = listStates(request.params.countryId);
    if (!states) throw new NotFoundError('This country is not in the list.');
    reply.header('cache-control', CACHE_A_DAY);
    return { states };
  });
  app.get('/cities/:stateId', { schema: { params: CitiesParams, response: { 200: CitiesResponse } } }, async (request, reply) => {
    const cities = listCities(request.params.stateId);
    if (!cities) throw new NotFoundError('This state is not in the list.');
    reply.header('cache-control', CACHE_A_DAY);
    return { cities };
  });

  app.post('/address-save', { onRequest: customerOnly, attachValidation: true, schema: { body: AddressSaveBody, response: { 200: AddressResponse } } }, async (request) => {
    const ctx = customerContext(request);
    assertValidBody(request, 'address');
    return service.saveAddress(db, ctx, request.body.address);
  });
  app.post('/address-update', { onRequest: customerOnly, attachValidation: true, schema: { body: AddressUpdateBody, response: { 200: AddressResponse } } }, async (request) => {
    const ctx = customerContext(request);
    assertValidBody(request, 'address');
    const { id, ...fields } = request.body.address;
    return service.updateAddress(db, ctx, id, fields);
  });
  app.post('/address-edit', { onRequest: customerOnly, schema: { body: AddressIdBody, response: { 200: AddressEditResponse } } },
    async (request) => service.editAddress(db, customerContext(request), request.body.addressId));
  app.post('/address-delete', { onRequest: customerOnly, schema: { body: AddressIdBody, response: { 200: OkResponse } } },
    async (request) => service.deleteAddress(db, customerContext(request), request.body.addressId));
  app.post('/address-set-primary', { onRequest: customerOnly, schema: { body: AddressIdBody, response: { 200: OkResponse } } },
    async (request) => service.setPrimaryAddress(db, customerContext(request), request.body.addressId));
};
