import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { LIVE_CLIENT_MESSAGE_MAX_BYTES } from '@eh/contracts';
import websocket from '@fastify/websocket';
import type { Role } from '../kernel/role.ts';
import { createSyncService, type IncomingSocket, type SyncOptions, type SyncService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The node's live socket service, on nodes with the sync role (its hub's stats, for tests and operators). */
    live?: SyncService;
  }
}

export { publishLive } from '../kernel/live.ts';

/**
 * A frame larger than this ends the connection (1009, the socket library's rule) before it is read; up to it, a
 * frame over the message limit is answered with an error frame and the connection stays.
 */
const FRAME_MAX_BYTES = 64 * LIVE_CLIENT_MESSAGE_MAX_BYTES;

/**
 * The live socket at /sync on the API's port (SPEC §7): `?app=earningshub&token=…` or `&anonymousId=…`. Every node
 * with the role serves its own clients; data published anywhere reaches them through the bus, quotes from this
 * node's feed (the demo simulator) directly. A plain GET (no upgrade) answers 426.
 */
export function createSyncRole(options: SyncOptions = {}): Role {
  return {
    name: 'sync',
    async register(app) {
      const service = createSyncService(app.ctx, app.log.child({ role: 'sync' }), options);
      app.decorate('live', service);
      const before = new Set(app.server.listeners('upgrade'));
      await app.register(async (scope) => {
        await scope.register(websocket, {
          options: { maxPayload: FRAME_MAX_BYTES },
          // Clients are told the server is going away (1001), so they reconnect, to another node if there is one.
          preClose(done) {
            service.closeAll();
            done();
          },
        });
        scope.route({
          method: 'GET',
          url: '/sync',
          // The token travels in the query string: the request is not logged at info.
          logLevel: 'warn',
          handler: async (_request, reply) =>
            reply
              .code(426)
              .header('upgrade', 'websocket')
              .send({ message: 'The live socket needs a WebSocket upgrade', code: 'upgrade_required' }),
          wsHandler: (socket, request) => {
            // The plugin leaves the upgrade's request and reply (headers, a child logger: a third of a connection's
            // memory) held for the connection's life, by the TCP socket's response and by its error listener. Let go
            // of both: the service's own listener logs socket errors, and `ws` closes a socket after its error.
            const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
            tcp._httpMessage?.detachSocket(tcp);
            socket.removeAllListeners('error');
            service.accept(socket as IncomingSocket, (request.query ?? {}) as Record<string, unknown>);
          },
        });
      });
      // The plugin's listener on the server's upgrades.
      const upgrades = app.server.listeners('upgrade').filter((listener) => !before.has(listener));
      app.addHook('onReady', async () => service.start());
      // Upgrades stop before the clients are told to reconnect: once Fastify closes it answers every request 503, an
      // upgrade too, but on a response the plugin makes that never ends its connection, and the close would wait
      // forever for a client that comes back while the other roles stop. Without the plugin's listener, Node answers
      // an upgrade as a plain request and closes its connection.
      app.addHook('preClose', async () => {
        for (const listener of upgrades) app.server.off('upgrade', listener as (...args: unknown[]) => void);
        await service.stop();
      });
    },
  };
}
