import type { FastifyInstance } from 'fastify';
import { addressRoutes, endpoints } from '@gemstore/contracts';
import { customerContext } from '../../lib/context.ts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { assertValidBody } from '../../plugins/field-errors.ts';
import { listCities, listCountries, listStates } from './locations.ts';

/** The place lists never change between releases: browsers and proxies may keep them a day. */
const CACHE_A_DAY = 'public, max-age=86400';

export async function addressesRoutes(app: FastifyInstance) {
  const { addresses } = app.services;
  registerEndpoints(app, endpointsOf(endpoints, addressRoutes), {
    addresses: (request) => addresses.listAddresses(customerContext(request)),
    countries: async (_request, reply) => {
      reply.header('cache-control', CACHE_A_DAY);
      return { countries: listCountries() };
    },
    states: async (request, reply) => {
      const states = listStates(request.params.countryId);
      if (!states) throw new NotFoundError('This country is not in the list.');
      reply.header('cache-control', CACHE_A_DAY);
      return { states };
    },
    cities: async (request, reply) => {
      const cities = listCities(request.params.stateId);
      if (!cities) throw new NotFoundError('This state is not in the list.');
      reply.header('cache-control', CACHE_A_DAY);
      return { cities };
    },
    addressSave: async (request) => {
      const ctx = customerContext(request);
      assertValidBody(request, 'address');
      return addresses.saveAddress(ctx, request.body.address);
    },
    addressUpdate: async (request) => {
      const ctx = customerContext(request);
      assertValidBody(request, 'address');
      const { id, ...fields } = request.body.address;
      return addresses.updateAddress(ctx, id, fields);
    },
    addressEdit: (request) => addresses.editAddress(customerContext(request), request.body.addressId),
    addressDelete: (request) => addresses.deleteAddress(customerContext(request), request.body.addressId),
    addressSetPrimary: (request) => addresses.setPrimaryAddress(customerContext(request), request.body.addressId),
  }, {
    // Field errors keyed by the form's names (address.name, ...): the handler reads the validation result itself.
    addressSave: { attachValidation: true },
    addressUpdate: { attachValidation: true },
  });
}
