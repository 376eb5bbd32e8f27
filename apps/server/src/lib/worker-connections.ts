import type { Worker } from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * How the primary of WEB_CONCURRENCY workers and its workers share the public port
 * (docs/decisions/0041-workers-and-metrics.md).
 *
 * The primary listens itself and hands every connection it accepts to the next ready worker over the
 * cluster's channel (`worker.send` with the socket). node:cluster's own round robin cannot drain
 * without resets: its primary keeps the port open until the last worker has closed its server, and
 * then closes every connection it had accepted and not yet handed over, and a connection handed to a
 * worker that is closing its server is sent back to a primary that may have no worker left for it.
 * Here the primary stops accepting first, and only then tells each worker, on the same channel and
 * so after every connection it handed that worker, that none follows: a worker serves every
 * connection it was handed, draining or not.
 */

type Note =
  /** primary → worker, with a socket: a connection to serve. */
  | 'connection'
  /** worker → primary: ready to serve; hand it connections. */
  | 'ready'
  /** primary → worker: stop as on SIGTERM (readiness 503, then drain). */
  | 'stop'
  /** worker → primary: hand it no more connections (it was signalled, or failed). */
  | 'retire'
  /** primary → worker: no connection follows this message. */
  | 'last';

interface Message { gemstore: Note }

function noteOf(message: unknown): Note | undefined {
  return typeof message === 'object' && message !== null && 'gemstore' in message ? (message as Message).gemstore : undefined;
}

export interface ConnectionHandOut {
  /** Hands connections to this worker once it says it is ready, until it retires or exits. */
  add(worker: Worker): void;
  /** Resolves once the port listens (the first worker is ready); rejects when it cannot be taken. */
  listening: Promise<void>;
  /**
   * Tells every ready worker to stop and answers the workers still starting, which were handed
   * nothing (the caller ends them); goes on accepting for `delayMs` (a balancer's checks take the
   * process out meanwhile), then stops accepting (a new connection is refused from then on) and
   * tells every worker that no connection follows.
   */
  stop(delayMs: number): { starting: Worker[]; done: Promise<void> };
}

/** In the primary: the public port, its connections handed round robin to the ready workers. */
export function handOutConnections(options: {
  port: number;
  host: string;
  /** An error of the listening socket once it listens (a connection it could not accept): the port stays open. */
  onError: (err: Error) => void;
}): ConnectionHandOut {
  const workers = new Set<Worker>();
  const rotation: Worker[] = [];
  /** Stopping alone (below): draining, handed no more. */
  const retired = new Set<Worker>();
  /** Accepted while no worker was ready (a worker being replaced). */
  const waiting: Socket[] = [];
  let turn = 0;
  let stopping = false;
  let closed = false;
  // Paused: not a byte is read here; the worker reads the request.
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    waiting.push(socket);
    handOut();
  });
  let listen: (() => void) | undefined;
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    listen = () => {
      listen = undefined;
      server.listen({ port: options.port, host: options.host }, () => {
        server.off('error', reject);
        server.on('error', options.onError);
        resolve();
      });
    };
  });

  function handOut() {
    while (waiting.length > 0 && rotation.length > 0) {
      const worker = rotation[turn++ % rotation.length]!;
      const socket = waiting.shift()!;
      // Fails only when the worker has just died; its in-flight requests are lost with it anyway.
      worker.send({ gemstore: 'connection' } satisfies Message, socket, (err) => { if (err) socket.destroy(); });
    }
  }
  const leave = (worker: Worker) => {
    const i = rotation.indexOf(worker);
    if (i >= 0) rotation.splice(i, 1);
  };
  const tell = (worker: Worker, note: Note) => {
    if (worker.isConnected()) worker.send({ gemstore: note } satisfies Message);
  };

  return {
    listening,
    add(worker) {
      workers.add(worker);
      worker.on('message', (message: unknown) => {
        const note = noteOf(message);
        if (note === 'ready') {
          if (stopping) {
            tell(worker, 'stop');
            if (closed) tell(worker, 'last');
            return;
          }
          rotation.push(worker);
          listen?.();
          handOut();
        } else if (note === 'retire' && !stopping) {
          // One worker stopping alone (its own SIGTERM, or an error): the others take its share.
          leave(worker);
          retired.add(worker);
          tell(worker, 'last');
        }
        // While the primary stops, a worker that retires is still handed connections until the port closes.
      });
      worker.once('exit', () => {
        workers.delete(worker);
        retired.delete(worker);
        leave(worker);
      });
    },
    stop(delayMs) {
      const starting = [...workers].filter((w) => !rotation.includes(w) && !retired.has(w));
      if (stopping) return { starting: [], done: Promise.resolve() };
      stopping = true;
      for (const worker of rotation) tell(worker, 'stop');
      const done = (async () => {
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        closed = true;
        listen = undefined;
        if (server.listening) server.close();
        for (const worker of workers) tell(worker, 'last');
        // Nothing left to serve them (no worker was ready): they close, as they would have been refused.
        for (const socket of waiting.splice(0)) socket.destroy();
      })();
      return { starting, done };
    },
  };
}

export interface HandedConnections {
  /** Tells the primary that this worker takes connections (call once the app is ready). */
  ready(): void;
  /**
   * Asks the primary to hand over no more connections; resolves once it has said that none
   * follows (every connection it handed over has then reached the server), the channel is gone, or
   * `timeoutMs` has passed.
   */
  retire(timeoutMs: number): Promise<void>;
}

/**
 * In a worker: serves the connections the primary hands over on `server`, and calls `onStop` when
 * the primary says to stop.
 */
export function takeHandedConnections(server: HttpServer, onStop: () => void): HandedConnections {
  let lastSeen = () => {};
  const last = new Promise<void>((resolve) => { lastSeen = resolve; });
  process.on('message', (message: unknown, handle: unknown) => {
    const note = noteOf(message);
    if (note === 'connection' && handle) server.emit('connection', handle as Socket);
    else if (note === 'stop') onStop();
    else if (note === 'last') lastSeen();
  });
  process.once('disconnect', () => lastSeen());
  const send = (note: Note) => {
    if (process.connected) process.send?.({ gemstore: note } satisfies Message);
  };
  return {
    ready: () => send('ready'),
    async retire(timeoutMs) {
      send('retire');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([last, new Promise((r) => { timer = setTimeout(r, timeoutMs); })]);
      clearTimeout(timer);
    },
  };
}

/**
 * A Unix socket of the worker's own, in a folder only its user can enter, for the worker's HTTP
 * server to listen on: Node applies its request time limits (`headersTimeout`, `requestTimeout`)
 * only in a listening server, and the connections handed over are served by the same server. Nobody
 * is meant to connect to it; it goes with the worker (`remove` on exit).
 */
export function workerSocketPath(): { path: string; remove(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'gemstore-worker-'));
  return { path: join(folder, 'http.sock'), remove: () => rmSync(folder, { recursive: true, force: true }) };
}
