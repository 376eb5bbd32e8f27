/**
 * Stopping under keep-alive load (main.ts drains through lib/connection-drain.ts before it closes
 * the app): the real app listens on a port, and raw sockets play the keep-alive clients, so the test
 * sees exactly what they see: an answer, a clean close, or a reset.
 */
import { once } from 'node:events';
import { type AddressInfo, type Socket, connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trackConnections, type ConnectionDrain } from '../src/lib/connection-drain.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { createShop, type Shop } from './checkout-fixtures.ts';

interface Answer { status: number; headers: Record<string, string>; body: string }

/** One keep-alive client connection speaking raw HTTP/1.1. */
class Client {
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  error: NodeJS.ErrnoException | null = null;
  closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => { this.buffer = Buffer.concat([this.buffer, chunk]); this.waiting?.(); });
    socket.on('error', (err) => { this.error = err; });
    this.closed = once(socket, 'close').then(() => { this.waiting?.(); });
  }

  static async open(port: number): Promise<Client> {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    return new Client(socket);
  }

  write(text: string) {
    this.socket.write(text);
  }

  /** The next whole answer on the connection (Content-Length bodies), or null when the connection ended first. */
  async answer(): Promise<Answer | null> {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end >= 0) {
        const [statusLine, ...lines] = this.buffer.subarray(0, end).toString().split('\r\n');
        const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
        const length = Number(headers['content-length'] ?? 0);
        if (this.buffer.length >= end + 4 + length) {
          const body = this.buffer.subarray(end + 4, end + 4 + length).toString();
          this.buffer = this.buffer.subarray(end + 4 + length);
          return { status: Number(statusLine!.split(' ')[1]), headers, body };
        }
      }
      if (this.socket.destroyed || this.socket.readableEnded) return null;
      await new Promise<void>((r) => { this.waiting = r; });
      this.waiting = null;
    }
  }
}

const get = (domain: string) => `GET /api/store-profile HTTP/1.1\r\nHost: 127.0.0.1\r\nDomain: ${domain}\r\n\r\n`;

let t: TestApp;
let shop: Shop;
let port: number;
let connections: ConnectionDrain;

beforeEach(async () => {
  t = await buildTestApp();
  shop = await createShop(t.db);
  connections = trackConnections(t.app.server);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(() => t?.close());

const postListing = (domain: string, body: string) =>
  `POST /api/product-items?page=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nDomain: ${domain}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

describe('draining connections on shutdown', () => {
  it('refuses new connections, and answers requests on open ones, waiting or in progress, with Connection: close and no reset', async () => {
    const waiting = await Client.open(port);
    waiting.write(get(shop.domain));
    const first = await waiting.answer();
    expect(first?.status).toBe(200);
    expect(first?.headers.connection).toBe('keep-alive');
    // Headers in, body still on its way when the drain begins.
    const inProgress = await Client.open(port);
    const body = JSON.stringify({ filter: { product: shop.catalog.product.url } });
    const received = once(t.app.server, 'request');
    inProgress.write(postListing(shop.domain, body) + body.slice(0, 5));
    await received;

    const drained = connections.drain({ idleMs: 60_000, timeoutMs: 60_000 });
    const refused = connect(port, '127.0.0.1');
    const [error] = await once(refused, 'error') as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');

    waiting.write(get(shop.domain));
    inProgress.write(body.slice(5));
    for (const client of [waiting, inProgress]) {
      const last = await client.answer();
      expect(last?.status).toBe(200);
      expect(last?.headers.connection).toBe('close');
      await client.closed;
      expect(client.error).toBeNull();
    }
    expect(await drained).toBe(0);
  });

  it('does not close a connection as idle while its next request waits unread behind a busy moment of the process', async () => {
    const client = await Client.open(port);
    client.write(get(shop.domain));
    expect((await client.answer())?.status).toBe(200);
    const drained = connections.drain({ idleMs: 200, timeoutMs: 10_000 });
    // The next request is on the wire, but the process is busy for longer than the idle grace before it reads it.
    client.write(get(shop.domain));
    const busyUntil = performance.now() + 400;
    while (performance.now() < busyUntil) { /* synchronous work */ }
    const last = await client.answer();
    expect(last?.status).toBe(200);
    expect(last?.headers.connection).toBe('close');
    await client.closed;
    expect(client.error).toBeNull();
    expect(await drained).toBe(0);
  });

  it('closes idle keep-alive connections cleanly, and stops waiting for busy ones at the timeout', async () => {
    const idle = await Client.open(port);
    idle.write(get(shop.domain));
    expect((await idle.answer())?.status).toBe(200);
    const busy = await Client.open(port);
    const body = JSON.stringify({ filter: { product: shop.catalog.product.url } });
    const received = once(t.app.server, 'request');
    busy.write(postListing(shop.domain, body) + body.slice(0, 5));
    await received;

    expect(await connections.drain({ idleMs: 50, timeoutMs: 300 })).toBe(1);
    await idle.closed;
    expect(idle.error).toBeNull();

    busy.write(body.slice(5));
    const answer = await busy.answer();
    expect(answer?.status).toBe(200);
    expect(answer?.headers.connection).toBe('close');
    expect(await connections.drain({ idleMs: 50, timeoutMs: 60_000 })).toBe(0);
  });
});
