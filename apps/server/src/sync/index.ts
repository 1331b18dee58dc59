import { LIVE_CLIENT_MESSAGE_MAX_BYTES } from '@eh/contracts';
import type { Role } from '../kernel/role.ts';
import { createSyncService, type IncomingSocket, type SyncOptions, type SyncService } from './service.ts';
import { SYNC_PATH, syncUpgrades } from './upgrade.ts';

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
      // A plain GET (no upgrade) reaches Fastify: it answers 426. The token travels in the query string: the request
      // is not logged at info.
      app.get(SYNC_PATH, { logLevel: 'warn' }, async (_request, reply) =>
        reply
          .code(426)
          .header('upgrade', 'websocket')
          .send({ message: 'The live socket needs a WebSocket upgrade', code: 'upgrade_required' }),
      );
      const { config } = app.ctx;
      const onUpgrade = syncUpgrades({
        max: config.RATE_LIMIT_MAX,
        windowMs: config.RATE_LIMIT_WINDOW_MS,
        trustProxy: config.TRUST_PROXY,
        maxPayload: FRAME_MAX_BYTES,
        accept: (socket, query) => service.accept(socket as IncomingSocket, query),
      });
      app.addHook('onReady', async () => {
        app.server.on('upgrade', onUpgrade);
        service.start();
      });
      // Upgrades stop before the clients are told to reconnect (1001, to another node if there is one): a client
      // that comes back while the other roles stop would otherwise hold the close open. Without the listener, Node
      // answers an upgrade as a plain request and closes its connection.
      app.addHook('preClose', async () => {
        app.server.off('upgrade', onUpgrade);
        await service.stop();
      });
    },
  };
}
