import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balance,
  balanceOnWire,
  buildClient,
  collectMessages,
  signToken,
  startHubServer,
  until,
  type TestServer,
} from './test-support';

const transports = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['ServerSentEvents', HttpTransportType.ServerSentEvents],
  ['LongPolling', HttpTransportType.LongPolling],
] as const;

describe('the official client over each transport', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startHubServer();
  });
  afterAll(async () => {
    await server.close();
  });

  describe.each(transports)('%s', (_name, transport) => {
    it.each([false, true])(
      'registers, heartbeats into a page group and receives pushes (stateful: %s)',
      async (stateful) => {
        const userId = `user-${_name}-${String(stateful)}`;
        const client = buildClient(server.url, { transport, stateful, token: await signToken(userId) });
        const messages = collectMessages(client);
        await client.start();

        const registered = await client.invoke('RegisterClient', {
          Browser: 'Chrome',
          Domain: 'backlay.test',
          CurrentPage: '/inplay',
          Token: null,
        });
        expect(registered).toEqual({ ConnectionId: client.connectionId, Authenticated: true });

        await server.app.hub.sendToUser(userId, balance(1234.5, 200));
        await messages.waitFor(1);
        expect(messages.items[0]).toEqual(balanceOnWire(1234.5, 200));

        const beat = await client.invoke('SendHeartbeat', {
          Browser: 'Chrome',
          Domain: 'backlay.test',
          CurrentPage: '/event/42',
          Token: null,
          GroupBy: 42,
        });
        expect(beat).toEqual({ ConnectionId: client.connectionId, Authenticated: true, Group: 'page:42' });
        await server.app.hub.sendToGroup('page:42', balance(1, 0));
        await messages.waitFor(2);
        expect(messages.items[1]).toEqual(balanceOnWire(1, 0));

        const before = server.app.hub.connectionCount();
        await client.stop();
        await until(() => server.app.hub.connectionCount() === before - 1);
      },
    );
  });
});
