import type { FastifyInstance } from 'fastify';
import { BackofficeService, type FeedView } from './backoffice-service';
import { PresenceBoard } from './presence';
import { backofficeRoutes } from './routes';

/**
 * The operators' console, Dashboard and Players (README.md). Registered after the realtime hub: it
 * hears the hub's registrations and heartbeats to count the players online on every server.
 */
export async function backofficePlugin(app: FastifyInstance) {
  const presence = new PresenceBoard(app.bus, app.log);
  await presence.start();
  const noteUser = ({ userId }: { userId: string | null }) => {
    if (userId !== null) presence.note(Number(userId));
  };
  const unhook = [app.hub.onClientRegistered(noteUser), app.hub.onHeartbeat(noteUser)];
  app.addHook('onClose', async () => {
    for (const off of unhook) off();
    await presence.stop();
  });
  const feed = (): FeedView | null => {
    const f = app.feed;
    return f
      ? {
          marketStatus: (marketId) => f.market(marketId)?.status,
          eventStatus: (eventId) => f.fixture(eventId)?.status,
        }
      : null;
  };
  const backoffice = new BackofficeService(app.db, presence, feed, app.sessionRevocations);
  await app.register(backofficeRoutes, { backoffice });
}
