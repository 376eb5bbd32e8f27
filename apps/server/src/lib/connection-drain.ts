import type { Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

interface Connection {
  /** Answers to requests received on it that have not finished. */
  open: Set<ServerResponse>;
  idleSince: number;
}

export interface ConnectionDrain {
  /**
   * Stops accepting connections, answers every request still arriving on an open one with
   * `Connection: close`, closes connections that stay idle for `idleMs`, and resolves once every
   * connection is closed or `timeoutMs` has passed, with the number still open.
   */
  drain(options: { idleMs: number; timeoutMs: number }): Promise<number>;
}

/**
 * Lets an HTTP server stop without resetting a connection it accepted
 * (docs/decisions/0015-outages-and-shutdown.md).
 * Node's server.close(), and so Fastify's close(), destroys every keep-alive connection that is idle
 * at that instant, but a keep-alive client may already have its next request on the wire: that
 * request is reset. Here a connection closes after the answer to its next request (which says
 * `Connection: close`, so the client opens a new connection, to another replica), or after it
 * stayed idle for a while, when its client is most likely done with it. Call before listen().
 */
export function trackConnections(server: Server): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  let draining = false;

  server.prependListener('connection', (socket: Socket) => {
    connections.set(socket, { open: new Set(), idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.prependListener('request', (request, response) => {
    const connection = connections.get(request.socket);
    connection?.open.add(response);
    if (draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      if (!connection) return;
      connection.open.delete(response);
      connection.idleSince = performance.now();
    });
  });

  return {
    async drain({ idleMs, timeoutMs }) {
      draining = true;
      // Answers still being worked on close their connection too.
      for (const connection of connections.values()) {
        for (const response of connection.open) if (!response.headersSent) response.setHeader('connection', 'close');
      }
      // net.Server's close stops listening and leaves open connections alone; http.Server's would
      // also destroy the idle keep-alive ones at once (see above).
      if (server.listening) NetServer.prototype.close.call(server);
      const deadline = performance.now() + timeoutMs;
      const idle = (socket: Socket, connection: Connection) =>
        connection.open.size === 0 && performance.now() - connection.idleSince >= idleMs && !socket.writableEnded;
      while (connections.size > 0 && performance.now() < deadline) {
        const candidates = [...connections].filter(([socket, connection]) => idle(socket, connection));
        if (candidates.length > 0) {
          // A timer can run before the event loop reads what arrived while the process was busy: a
          // request already on the wire of an "idle" connection. Look again after that read.
          await new Promise((r) => setImmediate(r));
          for (const [socket, connection] of candidates) if (idle(socket, connection)) socket.end();
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return connections.size;
    },
  };
}
