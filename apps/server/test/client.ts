/**
 * The typed API client (packages/contracts, one function per call of the endpoint table) over
 * `app.inject`, as the tests' way to call the API: `await c.adminCourierSettings()` reads like the
 * product, and its input and answer are typed by the call's schemas, where a string path and
 * `res.json()` were not.
 * A non-2xx answer rejects with an ApiError (`status`, `code`, `errors`), so a refusal reads
 * `await expect(c.adminDiscounts()).rejects.toMatchObject({ status: 403 })`.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ApiError, createApiClient, routes, type ApiClient, type CallInput, type Endpoints, type Transport } from '@gemstore/contracts/client';
import type { TestApp } from './helper.ts';

export { ApiError };

/** What a call takes as its body, as a caller writes it (before the schema's defaults and coercions). */
export type BodyOf<K extends keyof Endpoints> = CallInput<Endpoints[K]> extends { body?: infer B } ? B : never;
/** The same for a call's query. */
export type QueryOf<K extends keyof Endpoints> = CallInput<Endpoints[K]> extends { query?: infer Q } ? Q : never;

export interface ClientOptions {
  /** The store's hostname, sent as the `domain` header. */
  domain: string;
  /** A customer's or a member of staff's bearer token (both are sent the same way). */
  token?: string;
  /** The caller's address (the rate limits count by it). */
  ip?: string;
}

export type TestClient = ApiClient<Endpoints> & {
  /** The raw answer of this client's latest call: its headers, or a body the schemas do not describe. */
  readonly last: LightMyRequestResponse;
};

/** A multipart form as bytes and its content type (with the boundary), through the platform's own encoder. */
async function encodeForm(form: FormData): Promise<{ payload: Buffer; contentType: string }> {
  const request = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** JSON answers parsed; files, pages and CSV as their text (what the client types them as); a failure's non-JSON body as its message. */
function answerData(res: LightMyRequestResponse): unknown {
  if (!res.body) return null;
  if (String(res.headers['content-type'] ?? '').includes('json')) return res.json();
  return res.statusCode >= 200 && res.statusCode < 300 ? res.body : { message: res.body };
}

/** A Transport through `t.app.inject`, with `record` told each raw answer. */
export function injectTransport(t: TestApp, options: ClientOptions, record: (res: LightMyRequestResponse) => void = () => {}): Transport {
  return async ({ method, url, body, form, headers: own }) => {
    const headers: Record<string, string> = { domain: options.domain, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...own };
    let payload: string | Buffer | undefined;
    if (form) {
      const encoded = await encodeForm(form);
      payload = encoded.payload;
      headers['content-type'] = encoded.contentType;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await t.app.inject({ method, url, headers, remoteAddress: options.ip ?? '127.0.0.1', ...(payload !== undefined ? { payload } : {}) });
    record(res);
    return { status: res.statusCode, data: answerData(res) };
  };
}

/** The typed client calling the test app as `options.domain`'s store, signed in with `options.token` when given. */
export function clientFor(t: TestApp, options: ClientOptions): TestClient {
  let last: LightMyRequestResponse | undefined;
  const client = createApiClient<Endpoints>(routes, injectTransport(t, options, (res) => { last = res; }));
  return Object.defineProperty(client, 'last', {
    get: () => {
      if (!last) throw new Error('This client has made no call yet.');
      return last;
    },
  }) as TestClient;
}

/** The status a call answered: 200 when it resolved (the API answers no other success), the ApiError's when it was refused. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

/** The ApiError a call must be refused with (the test fails when it resolves). */
export async function refusal(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('The call was expected to be refused, and it succeeded.');
}
