import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balance,
  balanceOnWire,
  buildClient,
  collectMessages,
  expiredToken,
  signToken,
  startHubServer,
  type TestServer,
} from './test-support';

const info = { Browser: 'Chrome', Domain: 'backlay.test', CurrentPage: '/' };

describe('users and anonymous connections', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startHubServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('sendToUser reaches every connection of the user and no anonymous or other user', async () => {
    const token = await signToken('alice');
    const aliceWs = buildClient(server.url, { transport: HttpTransportType.WebSockets, token });
    const aliceLp = buildClient(server.url, { transport: HttpTransportType.LongPolling, token });
    const anonymous = buildClient(server.url, { transport: HttpTransportType.WebSockets });
    const bob = buildClient(server.url, {
      transport: HttpTransportType.ServerSentEvents,
      token: await signToken('bob'),
    });
    const clients = [aliceWs, aliceLp, anonymous, bob];
    const inboxes = clients.map(collectMessages);
    await Promise.all(clients.map((c) => c.start()));
    const anonymousRegistration = await anonymous.invoke('RegisterClient', { ...info, Token: '' });
    expect(anonymousRegistration).toEqual({ ConnectionId: anonymous.connectionId, Authenticated: false });

    await server.app.hub.sendToUser('alice', balance(500, 25.5));
    // Delivery is in order per connection, so whoever sees the marker first and nothing before
    // it never got the user message.
    await server.app.hub.sendToAll(balance(0));
    await Promise.all([
      inboxes[0]!.waitFor(2),
      inboxes[1]!.waitFor(2),
      inboxes[2]!.waitFor(1),
      inboxes[3]!.waitFor(1),
    ]);
    expect(inboxes[0]!.items).toEqual([balanceOnWire(500, 25.5), balanceOnWire(0)]);
    expect(inboxes[1]!.items).toEqual([balanceOnWire(500, 25.5), balanceOnWire(0)]);
    expect(inboxes[2]!.items).toEqual([balanceOnWire(0)]);
    expect(inboxes[3]!.items).toEqual([balanceOnWire(0)]);
    await Promise.all(clients.map((c) => c.stop()));
  });

  it('a Token in RegisterClient upgrades an anonymous connection to its user', async () => {
    const client = buildClient(server.url, { transport: HttpTransportType.WebSockets });
    const inbox = collectMessages(client);
    await client.start();
    const result = await client.invoke('RegisterClient', { ...info, Token: await signToken('carol') });
    expect(result).toEqual({ ConnectionId: client.connectionId, Authenticated: true });
    await server.app.hub.sendToUser('carol', balance(42));
    await inbox.waitFor(1);
    expect(inbox.items).toEqual([balanceOnWire(42)]);
    await client.stop();
  });

  it('a wrong or expired Token in a hub call answers an error completion and keeps the connection', async () => {
    const client = buildClient(server.url, { transport: HttpTransportType.WebSockets });
    await client.start();
    await expect(client.invoke('RegisterClient', { ...info, Token: 'not-a-jwt' })).rejects.toThrow(
      /invalid or has expired/,
    );
    await expect(
      client.invoke('SendHeartbeat', { ...info, Token: await expiredToken('dave'), GroupBy: 1 }),
    ).rejects.toThrow(/invalid or has expired/);
    expect(await client.invoke('RegisterClient', { ...info, Token: null })).toEqual({
      ConnectionId: client.connectionId,
      Authenticated: false,
    });
    await client.stop();
  });

  it("a Token of another user than the connection's is refused", async () => {
    const client = buildClient(server.url, {
      transport: HttpTransportType.WebSockets,
      token: await signToken('erin'),
    });
    await client.start();
    await expect(
      client.invoke('RegisterClient', { ...info, Token: await signToken('frank') }),
    ).rejects.toThrow(/different user/);
    await client.stop();
  });

  it('a wrong or expired access token fails the connection attempt with 401', async () => {
    for (const token of ['garbage', await expiredToken('gina')]) {
      const client = buildClient(server.url, { transport: HttpTransportType.WebSockets, token });
      await expect(client.start()).rejects.toThrow(/401/);
    }
  });

  it('a heartbeat moves the connection from its previous page group to the new one', async () => {
    const client = buildClient(server.url, { transport: HttpTransportType.WebSockets });
    const inbox = collectMessages(client);
    const events: { group: string | null; previousGroup: string | null }[] = [];
    const removeHook = server.app.hub.onHeartbeat(({ group, previousGroup }) => {
      events.push({ group, previousGroup });
    });
    await client.start();
    await client.invoke('SendHeartbeat', { ...info, GroupBy: '101' });
    await client.invoke('SendHeartbeat', { ...info, GroupBy: '202' });
    await server.app.hub.sendToGroup('page:101', balance(101));
    await server.app.hub.sendToGroup('page:202', balance(202));
    await inbox.waitFor(1);
    await server.app.hub.sendToConnection(client.connectionId!, balance(3));
    await inbox.waitFor(2);
    expect(inbox.items).toEqual([balanceOnWire(202), balanceOnWire(3)]);
    expect(events).toEqual([
      { group: 'page:101', previousGroup: null },
      { group: 'page:202', previousGroup: 'page:101' },
    ]);
    removeHook();
    await client.stop();
  });

  it('addToGroup and removeFromGroup address a connection by id; hooks see registrations', async () => {
    const client = buildClient(server.url, { transport: HttpTransportType.ServerSentEvents });
    const inbox = collectMessages(client);
    const registered: string[] = [];
    const removeHook = server.app.hub.onClientRegistered(({ connectionId }) => {
      registered.push(connectionId);
    });
    await client.start();
    await client.invoke('RegisterClient', info);
    expect(registered).toEqual([client.connectionId]);
    await server.app.hub.addToGroup(client.connectionId!, 'vip');
    await server.app.hub.sendToGroup('vip', balance(1));
    await inbox.waitFor(1);
    await server.app.hub.removeFromGroup(client.connectionId!, 'vip');
    await server.app.hub.sendToGroup('vip', balance(2));
    await server.app.hub.sendToConnection(client.connectionId!, balance(3));
    await inbox.waitFor(2);
    expect(inbox.items).toEqual([balanceOnWire(1), balanceOnWire(3)]);
    removeHook();
    await client.stop();
  });
});
