import { describe, expect, it } from 'vitest';
import { ApiError, callUrl, createApiClient, endpoints, openApiDocument, openApiPath, routes, type Endpoints } from '../src/index.ts';

describe('the endpoint table', () => {
  it('gives every route its schemas, and the OpenAPI document every call once', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(routes).sort());
    const doc = openApiDocument(endpoints, { title: 'Gemstore', version: 'test' });
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods) as { operationId: string }[]);
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(endpoints).sort());
    expect(doc.paths[openApiPath(endpoints.itemDetails)]).toHaveProperty('get');
    expect(openApiPath(endpoints.itemDetails)).toBe('/api/item-details/{id}');
    expect(openApiPath(endpoints.sandboxPage)).toBe('/pay/sandbox/{orderId}');
  });

  it('builds URLs with encoded path parameters and the query', () => {
    expect(callUrl(routes.itemDetails, { params: { id: 'ruby 1/2' } })).toBe('/api/item-details/ruby%201%2F2');
    expect(callUrl(routes.productItems, { query: { page: 2 } })).toBe('/api/product-items?page=2');
    expect(() => callUrl(routes.itemDetails, {})).toThrow(/needs the parameter id/);
  });

  it('calls through its transport and throws ApiError with the field errors of a refusal', async () => {
    const seen: string[] = [];
    const client = createApiClient<Endpoints>(routes, async (request) => {
      seen.push(`${request.method} ${request.url} ${JSON.stringify(request.body ?? null)}`);
      return request.url.includes('login')
        ? { status: 422, data: { message: 'Enter your email or mobile number.', errors: { phone: ['Enter your email or mobile number.'] } } }
        : { status: 200, data: { rattis: [] } };
    });
    await expect(client.rattis()).resolves.toEqual({ rattis: [] });
    const refusal = await client.login({ body: { phone: '' } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).status).toBe(422);
    expect((refusal as ApiError).errors.phone).toEqual(['Enter your email or mobile number.']);
    expect(seen).toEqual(['GET /api/rattis null', 'POST /api/login {"phone":""}']);
  });
});
