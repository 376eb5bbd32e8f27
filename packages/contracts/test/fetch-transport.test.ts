import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient, fetchTransport, routes, type Endpoints } from '../src/api/browser.ts';

interface Seen { method: string; url: string; headers: IncomingMessage['headers']; body: string }

/** A loopback HTTP server that records each request and answers by path, as a proxy or the API would. */
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('latin1') });
      const json = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
      const path = (req.url ?? '').split('?')[0];
      if (path === '/api/login') json(422, { message: 'Enter your email or mobile number.', errors: { phone: ['Enter your email or mobile number.'] } });
      else if (path === '/api/country-codes') res.writeHead(502, { 'content-type': 'text/html' }).end('Bad gateway');
      else if (path === '/api/logout') res.writeHead(204).end();
      else json(200, { ok: path });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchTransport', () => {
  let token: string | null = null;
  const api = () => createApiClient<Endpoints>(routes, fetchTransport({
    baseUrl,
    headers: () => ({ domain: 'atelier.localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) }),
  }));

  it('sends the method, path, query, JSON body and the headers of the moment', async () => {
    const client = api();
    seen.length = 0;
    await expect(client.productItems({ query: { page: 3 }, body: { filter: { product: 'ruby' } } })).resolves.toEqual({ ok: '/api/product-items' });
    token = 'abc';
    await client.cartAll();
    token = null;
    await client.rattis();

    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /api/product-items?page=3', 'POST /api/cart-all', 'GET /api/rattis']);
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ filter: { product: 'ruby' } });
    expect(seen.map((s) => s.headers.domain)).toEqual(['atelier.localhost', 'atelier.localhost', 'atelier.localhost']);
    expect(seen.map((s) => s.headers.authorization)).toEqual([undefined, 'Bearer abc', undefined]);
    // A call without a body sends none, and no JSON content type.
    expect(seen[1]?.headers['content-type']).toBeUndefined();
    expect(seen[1]?.body).toBe('');
  });

  it("lets one call name its own headers over the transport's (a logout with the token just cleared from storage)", async () => {
    seen.length = 0;
    token = null;
    await api().logout(undefined, { keepalive: true, headers: { authorization: 'Bearer gone' } });
    expect(seen[0]?.headers.authorization).toBe('Bearer gone');
    expect(seen[0]?.headers.domain).toBe('atelier.localhost');
  });

  it('sends a form as multipart', async () => {
    seen.length = 0;
    const form = new FormData();
    form.append('orderId', '7');
    form.append('images[0]', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'a.jpg');
    await api().returnRequestCreate({ form });
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="orderId"');
    expect(seen[0]?.body).toContain('filename="a.jpg"');
  });

  it('turns a refusal into ApiError with its field errors, and a body that is not JSON into its message', async () => {
    const client = api();
    const refusal = await client.login({ body: { phone: '' } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 422, message: 'Enter your email or mobile number.', errors: { phone: ['Enter your email or mobile number.'] } });

    const proxyError = await client.countryCodes().catch((e: unknown) => e);
    expect(proxyError).toBeInstanceOf(ApiError);
    expect(proxyError).toMatchObject({ status: 502, message: 'Bad gateway', errors: {} });

    // An empty answer is null, not a parse error.
    await expect(client.logout()).resolves.toBeNull();
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(api().rattis({}, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
