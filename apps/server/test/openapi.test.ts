import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_REFUSALS } from '@gemstore/contracts/constants';
import { buildTestApp, type TestApp } from './helper.ts';
import { registeredRoutes } from './routes.ts';

/** Routes that are not calls of the API: the shop's public files (plugins/media.ts, whose static wildcard prints as `*`). */
const NOT_API = [/^\*$/, /^\/media\//];

describe('the API description', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(async () => { await t.close(); });

  it('describes every route the app registered in /api/openapi.json, and nothing it did not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    const described = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`)).sort();
    const registered = registeredRoutes(t.app.printRoutes({ commonPrefix: false }))
      .filter((r) => !NOT_API.some((pattern) => pattern.test(r.path)))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(70);
    // The route tree prints every wildcard route as a bare `*`: those the document describes are asked for by name.
    const wildcards = described.filter((d) => d.endsWith('/*'));
    for (const entry of wildcards) {
      const [method, url] = entry.split(' ') as ['GET' | 'POST', string];
      expect(t.app.hasRoute({ method, url }), entry).toBe(true);
    }
    expect([...new Set(registered)].sort()).toEqual(described.filter((d) => !wildcards.includes(d)));
  });

  it("lists each call's own error answers, status by status", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }> }>>;
    };
    const codes = (path: string, method: string, status: number) => {
      const schema = doc.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema as
        { properties?: { code?: { enum?: string[] } } } | undefined;
      return schema?.properties?.code?.enum;
    };
    expect(codes('/api/place-order', 'post', 409)).toEqual(['stone_unavailable', ...DISCOUNT_REFUSALS]);
    expect(codes('/api/place-order', 'post', 403)).toEqual(['account_blocked']);
    expect(codes('/api/place-order', 'post', 401)).toEqual(['unauthenticated']);
    expect(codes('/api/admin/orders/{id}/dispatch', 'post', 409)).toEqual(['order_not_paid', 'order_already_dispatched']);
    expect(codes('/api/admin/orders/{id}/dispatch', 'post', 403)).toEqual(['forbidden', 'two_factor_required']);
    expect(codes('/api/admin/orders/{id}/dispatch', 'post', 401)).toEqual(['unauthenticated', 'invalid_staff_token']);
    // A call that cannot clash answers no 409, and one without a sign-in no 401.
    expect(doc.paths['/api/products']?.get?.responses['409']).toBeUndefined();
    expect(doc.paths['/api/products']?.get?.responses['401']).toBeUndefined();
    expect(codes('/api/products', 'get', 404)).toEqual(['unknown_store']);
  });

  it('shows a readable reference page at /api/docs without a store, a script or a domain header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('/api/item-details/{id}');
    expect(res.body).toContain('One stone by friendly url or id.');
    expect(res.body).not.toContain('<script');
  });
});
