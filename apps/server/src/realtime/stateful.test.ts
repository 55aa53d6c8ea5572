import type { Socket } from 'node:net';
import { HttpTransportType, HubConnectionState } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import {
  balance,
  balanceOnWire,
  buildClient,
  collectMessages,
  negotiate,
  RawClient,
  signToken,
  startHubServer,
  until,
  wsUrl,
  type TestServer,
} from './test-support';

describe('stateful reconnect', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('replays what a dropped socket lost, without loss or duplicates, on the same connection', async () => {
    server = await startHubServer();
    const sockets = new Set<Socket>();
    server.app.server.on('connection', (socket: Socket) => sockets.add(socket));
    let upgrades = 0;
    server.app.server.on('upgrade', () => {
      upgrades += 1;
    });
    const client = buildClient(server.url, {
      transport: HttpTransportType.WebSockets,
      stateful: true,
      token: await signToken('lena'),
    });
    const inbox = collectMessages(client);
    let reconnecting = false;
    client.onreconnecting(() => {
      reconnecting = true;
    });
    await client.start();
    const connectionId = client.connectionId;

    for (let i = 1; i <= 5; i += 1) await server.app.hub.sendToUser('lena', balance(i));
    await inbox.waitFor(5);
    // The network fails under the open socket: the server notices only when it writes.
    for (const socket of sockets) socket.destroy();
    for (let i = 6; i <= 10; i += 1) await server.app.hub.sendToUser('lena', balance(i));
    await inbox.waitFor(10);

    expect(inbox.items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => balanceOnWire(i)));
    expect(client.connectionId).toBe(connectionId);
    expect(client.state).toBe(HubConnectionState.Connected);
    expect(reconnecting).toBe(false);
    // The client came back on a second socket.
    expect(upgrades).toBe(2);
    expect(await client.invoke('RegisterClient', { Browser: 'x' })).toEqual({
      ConnectionId: connectionId,
      Authenticated: true,
    });
    await server.app.hub.sendToUser('lena', balance(11));
    await inbox.waitFor(11);
    expect(inbox.items).toHaveLength(11);
    await client.stop();
  });

  it('sends its Sequence first, replays un-acked messages, acks, and drops replayed duplicates', async () => {
    server = await startHubServer({ keepAliveMs: 50 });
    const negotiated = await negotiate(server.url, 'negotiateVersion=1&useStatefulReconnect=true');
    const url = wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`);
    const first = await RawClient.connect(url);
    await first.handshake(2);
    first.send({ type: 1, invocationId: '1', target: 'RegisterClient', arguments: [{}] });
    expect(await first.nextOfType(3)).toMatchObject({ invocationId: '1' });
    // The server acknowledges what it received.
    expect(await first.nextOfType(8)).toEqual({ type: 8, sequenceId: 1 });
    first.close();

    const second = await RawClient.connect(url);
    // No handshake on a resumed connection: the server's Sequence comes first, then the replay.
    expect(await second.next(() => true)).toBe('{"type":9,"sequenceId":1}');
    expect(await second.nextOfType(3)).toMatchObject({ invocationId: '1' });
    second.send(
      { type: 9, sequenceId: 1 },
      { type: 1, invocationId: '1', target: 'RegisterClient', arguments: [{}] },
      { type: 1, invocationId: '2', target: 'SendHeartbeat', arguments: [{ GroupBy: 9 }] },
    );
    expect(await second.nextOfType(3)).toEqual({
      type: 3,
      invocationId: '2',
      result: { ConnectionId: negotiated.body.connectionId, Authenticated: false, Group: 'page:9' },
    });
    expect(await second.nextOfType(8)).toEqual({ type: 8, sequenceId: 2 });
    expect(second.frames.filter((frame) => frame.includes('"invocationId":"1"'))).toEqual([]);
    second.close();
  });

  it('forgets a dropped connection after the grace period', async () => {
    server = await startHubServer({ reconnectGraceMs: 50 });
    const negotiated = await negotiate(server.url, 'negotiateVersion=1&useStatefulReconnect=true');
    const url = wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`);
    const raw = await RawClient.connect(url);
    await raw.handshake(2);
    expect(server.app.hub.connectionCount()).toBe(1);
    raw.close();
    const hub = server.app.hub;
    await until(() => hub.connectionCount() === 0);
    await expect(RawClient.connect(url)).rejects.toThrow('HTTP 404');
  });

  it('closes a connection whose un-acknowledged messages outgrow the replay buffer', async () => {
    server = await startHubServer({ replayBufferBytes: 2000 });
    const negotiated = await negotiate(server.url, 'negotiateVersion=1&useStatefulReconnect=true');
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    await raw.handshake(2);
    const connectionId = String(negotiated.body.connectionId);
    for (let i = 0; i < 40; i += 1) await server.app.hub.sendToConnection(connectionId, balance(i));
    expect(await raw.nextOfType(7)).toEqual({
      type: 7,
      error: 'The client did not acknowledge messages in time.',
      allowReconnect: true,
    });
    await raw.closed;
  });

  it('keeps a connection alive that acknowledges', async () => {
    server = await startHubServer({ replayBufferBytes: 2000 });
    const negotiated = await negotiate(server.url, 'negotiateVersion=1&useStatefulReconnect=true');
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    await raw.handshake(2);
    const connectionId = String(negotiated.body.connectionId);
    for (let i = 1; i <= 40; i += 1) {
      await server.app.hub.sendToConnection(connectionId, balance(i));
      await raw.nextOfType(1);
      raw.send({ type: 8, sequenceId: i });
    }
    expect(raw.frames.filter((frame) => frame.includes('"type":7'))).toEqual([]);
    expect(server.app.hub.connectionCount()).toBe(1);
    raw.close();
  });

  it('without stateful reconnect a dropped socket ends the connection', async () => {
    server = await startHubServer();
    const negotiated = await negotiate(server.url);
    const url = wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`);
    const raw = await RawClient.connect(url);
    await raw.handshake(1);
    raw.close();
    const hub = server.app.hub;
    await until(() => hub.connectionCount() === 0);
    await expect(RawClient.connect(url)).rejects.toThrow('HTTP 404');
  });
});
