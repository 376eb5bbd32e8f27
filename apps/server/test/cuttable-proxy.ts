import { once } from 'node:events';
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP forwarder to the database that can be cut, as a database shutting down does (every
 * connection closed, new ones refused), and restored.
 */
export class CuttableProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  port = 0;
  private target = { host: '127.0.0.1', port: 5432 };

  /** The URL the app connects to instead of `url`. */
  via(url: string): string {
    const u = new URL(url);
    this.target = { host: u.hostname, port: Number(u.port || 5432) };
    u.host = `127.0.0.1:${this.port}`;
    return u.toString();
  }

  async open() {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => { client.destroy(); upstream.destroy(); });
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(this.port, '127.0.0.1');
    await once(server, 'listening');
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async cut() {
    const server = this.server!;
    this.server = null;
    const closed = new Promise((r) => server.close(r));
    for (const s of this.sockets) s.destroy();
    await closed;
  }
}
