import { HttpTransportType, HubConnectionState } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { buildClient, negotiate, RawClient, signToken, startHubServer, until, wsUrl } from './test-support';

describe('keep-alive, timeouts and shutdown', () => {
  it('pings an idle connection and closes one whose client stays silent past the timeout', async () => {
    const server = await startHubServer({ keepAliveMs: 30, clientTimeoutMs: 600 });
    const negotiated = await negotiate(server.url);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    await raw.handshake();
    expect(await raw.next(() => true)).toBe('{"type":6}');
    const close = await raw.nextOfType(7);
    expect(close).toEqual({ type: 7, error: 'Client timeout elapsed without a message from the client.' });
    await raw.closed;
    await server.close();
  });

  it('keeps a pinging client connected past the timeout', async () => {
    const server = await startHubServer({ keepAliveMs: 20, clientTimeoutMs: 500 });
    const negotiated = await negotiate(server.url);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    await raw.handshake();
    // Answer forty server pings (at least 800 ms, past the timeout) with pings of our own.
    for (let i = 0; i < 40; i += 1) {
      await raw.next((frame) => frame === '{"type":6}');
      raw.send({ type: 6 });
    }
    expect(raw.frames.filter((frame) => frame.includes('"type":7'))).toEqual([]);
    expect(server.app.hub.connectionCount()).toBe(1);
    raw.close();
    await server.close();
  });

  it('closes a long-polling connection whose client stopped polling', async () => {
    // Generous enough that a busy machine does not turn the gaps between these polls into idleness.
    const server = await startHubServer({ reconnectGraceMs: 1000 });
    const negotiated = await negotiate(server.url);
    const id = String(negotiated.body.connectionToken);
    await fetch(`${server.url}?id=${id}`);
    await fetch(`${server.url}?id=${id}`, { method: 'POST', body: '{"protocol":"json","version":1}\x1e' });
    expect(await (await fetch(`${server.url}?id=${id}`)).text()).toBe('{}\x1e');
    expect(server.app.hub.connectionCount()).toBe(1);
    const hub = server.app.hub;
    await until(() => hub.connectionCount() === 0);
    await server.close();
  });

  it('on shutdown sends Close with allowReconnect to every transport and does not hang', async () => {
    const server = await startHubServer();
    const negotiated = await negotiate(server.url);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    await raw.handshake();
    const token = await signToken('mike');
    const clients = [
      HttpTransportType.WebSockets,
      HttpTransportType.ServerSentEvents,
      HttpTransportType.LongPolling,
    ].map((transport) => buildClient(server.url, { transport, token, automaticReconnect: true }));
    const reconnecting = clients.map(() => false);
    clients.forEach((client, i) =>
      client.onreconnecting(() => {
        reconnecting[i] = true;
      }),
    );
    await Promise.all(clients.map((client) => client.start()));
    expect(server.app.hub.connectionCount()).toBe(4);

    await server.close();
    expect(await raw.nextOfType(7)).toEqual({
      type: 7,
      error: 'Server is shutting down',
      allowReconnect: true,
    });
    await raw.closed;
    // Clients that reconnect automatically take the Close as a cue to come back.
    await until(() => reconnecting.every(Boolean));
    await Promise.all(clients.map((client) => client.stop()));
    expect(clients.map((client) => client.state)).toEqual(clients.map(() => HubConnectionState.Disconnected));
  });
});
