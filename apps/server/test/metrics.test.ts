import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveMetrics } from '../src/plugins/metrics.ts';
import { loadConfig } from '../src/config.ts';
import { buildTestApp, systemContext, type TestApp } from './helper.ts';
import { createStore } from './factories.ts';

vi.setConfig({ testTimeout: 120_000 });

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('metrics behind a token on the public port', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_TOKEN: TOKEN, STORE_CACHE_SECONDS: '30', EMAIL_SENDER: 'smtp', SMTP_HOST: '127.0.0.1', SMTP_PORT: '9' });
  });
  afterAll(async () => { await t?.close(); });

  it('answers 401 without the token, and the counters with it', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } })).statusCode).toBe(401);

    const store = await createStore(t.db, { domain: 'metrics.test' });
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/store-profile', headers: { domain: 'metrics.test' } })).statusCode).toBe(200);
    // A message for a provider that is out of reach: queued, tried, failed, waiting to be tried again.
    await t.app.services.notifications.sendEmail(await systemContext(t, store.id), { to: 'a@example.com', purpose: 'staff-invite', subject: 'Hi', text: 'Hello' });
    await t.app.jobs.runDue();

    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    const text = res.body;
    expect(sample(text, 'gemstore_http_request_duration_seconds_count', { route: '/api/store-profile', status_code: '200', method: 'GET' })).toBe(3);
    expect(sample(text, 'gemstore_http_request_duration_seconds_count', { route: '/metrics', status_code: '401' })).toBe(2);
    expect(sample(text, 'gemstore_cache_lookups_total', { cache: 'store_domain', result: 'hit' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'gemstore_cache_lookups_total', { cache: 'store_domain', result: 'miss' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'gemstore_jobs_sent_total', { queue: 'message' })).toBe(1);
    expect(sample(text, 'gemstore_jobs_failed_total', { queue: 'message' })).toBe(1);
    expect(sample(text, 'gemstore_jobs_completed_total', { queue: 'reservation-sweep' })).toBe(1);
    expect(sample(text, 'gemstore_jobs_queued', { queue: 'message' })).toBe(1);
    expect(sample(text, 'gemstore_outbox_backlog')).toBe(1);
    if (t.kind === 'postgres') expect(sample(text, 'gemstore_db_pool_transaction_connections')).toBe(5);
    expect(sample(text, 'gemstore_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('metrics on a port of their own', () => {
  let t: TestApp;
  let server: Server;
  beforeAll(async () => {
    t = await buildTestApp({ METRICS_PORT: '0' });
    server = await serveMetrics({
      host: t.config.metrics.host, port: 0, token: undefined,
      scrape: async () => ({ contentType: t.app.metrics.registry.contentType, body: await t.app.metrics.registry.metrics() }),
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await t?.close();
  });

  it('are not on the public port, and answer on loopback', async () => {
    expect(t.config.metrics.host).toBe('127.0.0.1');
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('gemstore_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1');
  });

  it('ask for the token there too when it is set', async () => {
    const guarded = await serveMetrics({ host: '127.0.0.1', port: 0, token: TOKEN, scrape: async () => ({ contentType: 'text/plain', body: 'x 1\n' }) });
    try {
      const base = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => guarded.close(resolve));
    }
  });
});

describe('worker and metrics settings', () => {
  it('refuse several workers on the embedded database, and a token-only scrape with several workers', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: needs DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/x', METRICS_TOKEN: TOKEN })).toThrow(/METRICS_PORT: must be set/);
    expect(loadConfig({ NODE_ENV: 'test', WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/x', METRICS_PORT: '9100' })).toMatchObject({
      webConcurrency: 2, metrics: { port: 9100, host: '127.0.0.1' },
    });
  });
});
