import type { FastifyInstance } from 'fastify';
import { catalogRoutes as catalogTable, endpoints, ListingFilterBody } from '@gemstore/contracts';
import { endpointsOf, registerEndpoints } from '../../lib/endpoints.ts';

const READS_ONLY = { config: { readsOnly: true } };

export async function catalogRoutes(app: FastifyInstance) {
  const { catalog } = app.services;
  const { search } = app.flows;
  registerEndpoints(app, endpointsOf(endpoints, catalogTable), {
    // Without an id: the store's root category (ids are global across stores, so no fixed default id can serve every shop).
    rootCategories: (request) => catalog.categories(request.ctx, null),
    categories: (request) => catalog.categories(request.ctx, request.params.id),
    products: (request) => catalog.products(request.ctx),
    productAttributes: (request) => catalog.productAttributes(request.ctx, request.params.id),
    rattis: (request) => catalog.rattis(request.ctx),
    // The stones of one product with no filter.
    productItemsOf: (request) => catalog.listItems(request.ctx, ListingFilterBody.parse({ filter: { product: request.params.id } }), request.query.page),
    productItems: (request) => catalog.listItems(request.ctx, request.body, request.query.page),
    itemsByFilter: (request) => catalog.listItems(request.ctx, request.body.data, request.body.page),
    itemDetails: (request) => catalog.itemDetails(request.ctx, request.params.id),
    itemRelated: (request) => catalog.relatedItems(request.ctx, request.params.id),
    stoneCounts: (request) => catalog.stoneCounts(request.ctx, request.body),
    search: (request) => catalog.search(request.ctx, request.body, request.query.page),
    searchSuggestions: (request) => search.suggest(request.ctx, request.query.q),
  }, {
    // POSTs that only read (the filter is in the body): they may read the replica and mark no write.
    productItems: READS_ONLY, itemsByFilter: READS_ONLY, stoneCounts: READS_ONLY, search: READS_ONLY,
  });
}
