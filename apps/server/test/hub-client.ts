import type { AddressInfo } from 'node:net';
import { HUB_PATH } from '@backlay/contract';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';

/** A hub push as the client hears it. */
export type Push = { Code: string; Data: Record<string, unknown> };

/** The hub's URL on a test server listening on 127.0.0.1. */
export function hubUrlOf(app: FastifyInstance): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${HUB_PATH}`;
}

/**
 * A player's page on the hub: the official SignalR client over WebSockets with the player's token,
 * started (not registered yet); every push it hears is kept in `inbox`, oldest first.
 */
export async function startHubClient(
  url: string,
  token: string,
): Promise<{ connection: HubConnection; inbox: Push[] }> {
  const connection = new HubConnectionBuilder()
    .withUrl(url, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => token })
    .configureLogging(LogLevel.None)
    .build();
  const inbox: Push[] = [];
  connection.on('Message', (push: Push) => {
    inbox.push(push);
  });
  await connection.start();
  return { connection, inbox };
}
