import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoriesResponse, IdOrUrl, ItemDetailResponse, ItemsByFilterBody, ListingFilterBody, ListingResponse,
  PageQuery, ProductAttributesResponse, ProductsResponse, RattisResponse,
} from '@gemstore/contracts';
import * as service from './catalog.service.ts';
import { StoneReads } from './catalog.repo.ts';
import { cacheCatalogMasters } from './catalog.masters.ts';

const RefParams = z.object({ id: IdOrUrl });

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  cacheCatalogMasters(db, app.config.storeCacheSeconds);
  const reads = new StoneReads(db);

  // Without an id: the store's root category (ids are global across stores, so no fixed default id can serve every shop).
  app.get('/categories', { schema: { response: { 200: CategoriesResponse } } },
    async (request) => service.getCategories(db, request.ctx, null));
  app.get('/categories/:id', { schema: { params: RefParams, response: { 200: CategoriesResponse } } },
    async (request) => service.getCategories(db, request.ctx, request.params.id));

  app.get('/products', { schema: { response: { 200: ProductsResponse } } },
    async (request) => service.getProducts(db, request.ctx));

  app.get('/product-attributes/:id', { schema: { params: RefParams, response: { 200: ProductAttributesResponse } } },
    async (request) => service.getProductAttributes(db, request.ctx, request.params.id));

  app.get('/rattis', { schema: { response: { 200: RattisResponse } } },
    async (request) => service.getRattis(db, request.ctx));

  // The stones of one product with no filter.
  app.get('/product-items/:id', { schema: { params: RefParams, querystring: PageQuery, response: { 200: ListingResponse } } },
    async (request) => service.listItems(db, reads, request.ctx, ListingFilterBody.parse({ filter: { product: request.params.id } }), request.query.page));

  app.post('/product-items', { schema: { querystring: PageQuery, body: ListingFilterBody, response: { 200: ListingResponse } } },
    async (request) => service.listItems(db, reads, request.ctx, request.body, request.query.page));

  app.post('/items-by-filter', { schema: { body: ItemsByFilterBody, response: { 200: ListingResponse } } },
    async (request) => service.listItems(db, reads, request.ctx, request.body.data, request.body.page));

  app.get('/item-details/:id', { schema: { params: RefParams, response: { 200: ItemDetailResponse } } },
    async (request) => service.getItemDetails(reads, request.ctx, request.params.id));
};
