import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balance,
  negotiate,
  RawClient,
  RS,
  signToken,
  startHubServer,
  until,
  wsUrl,
  type TestServer,
} from '../test-support';

/**
 * What the server writes to the kernel for one WebSocket (a turn's frames go out in one write, a
 * writev, not one write each), and what it keeps for an idle one.
 */
describe('writes to a WebSocket', () => {
  let server: TestServer;
  /** Server-side socket writes, by the client port they go to. */
  const writes = new Map<number, number>();
  /** Server-side sockets, by the client port. */
  const sockets = new Map<number, Socket>();
  beforeAll(async () => {
    server = await startHubServer();
    server.app.server.on('connection', (socket: Socket) => {
      const port = socket.remotePort!;
      sockets.set(port, socket);
      const count = () => writes.set(port, (writes.get(port) ?? 0) + 1);
      const handle = socket as unknown as {
        _write: (...args: unknown[]) => void;
        _writev: (...args: unknown[]) => void;
      };
      const write = handle._write.bind(socket);
      const writev = handle._writev.bind(socket);
      handle._write = (...args) => {
        count();
        write(...args);
      };
      handle._writev = (...args) => {
        count();
        writev(...args);
      };
    });
    // As app.ts: a registration is answered with a push, before its completion.
    server.app.hub.onClientRegistered(async ({ connectionId }) => {
      await server.app.hub.sendToConnection(connectionId, balance(7));
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('sends a stateful registration push, its completion and the Ack of it in one write', async () => {
    const token = await signToken('xavier');
    const negotiated = await negotiate(server.url, 'negotiateVersion=1&useStatefulReconnect=true', {
      authorization: `Bearer ${token}`,
    });
    const raw = await RawClient.connect(
      wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}&access_token=${token}`),
    );
    const port = (raw.socket as unknown as { _socket: Socket })._socket.localPort!;
    await raw.handshake(2);
    const afterHandshake = writes.get(port) ?? 0;
    raw.send({ type: 1, invocationId: '0', target: 'RegisterClient', arguments: [{ Token: token }] });
    await raw.nextOfType(3);
    expect(await raw.nextOfType(8)).toEqual({ type: 8, sequenceId: 1 });
    expect(raw.frames.filter((frame) => frame.includes('"target":"Message"'))).toHaveLength(1);
    expect((writes.get(port) ?? 0) - afterHandshake).toBe(1);

    // Pushes from outside the connection's own calls go out at once, each its own write, so the
    // first of a batch to many users never waits for the rest.
    const before = writes.get(port) ?? 0;
    void server.app.hub.sendToUser('xavier', balance(1));
    expect((writes.get(port) ?? 0) - before).toBe(1);
    void server.app.hub.sendToUser('xavier', balance(2));
    expect((writes.get(port) ?? 0) - before).toBe(2);
    await raw.next((frame) => frame.includes('"Balance":2'));
    raw.close();
  });

  it('writes nothing late: a frame is on the wire by the end of the turn it was written in', async () => {
    const negotiated = await negotiate(server.url);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    await raw.handshake();
    raw.sendRaw(`{"type":1,"invocationId":"1","target":"SendHeartbeat","arguments":[{"GroupBy":9}]}${RS}`);
    await raw.nextOfType(3);
    await server.app.hub.sendToGroup('page:9', balance(5));
    // Resolves once written to the socket: nothing is held past the turn.
    await new Promise((resolve) => setImmediate(resolve));
    await raw.next((frame) => frame.includes('"Balance":5'));
    raw.close();
  });

  it('keeps no grown receive queue on an idle socket once a message has been read', async () => {
    const negotiated = await negotiate(server.url);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    await raw.handshake();
    raw.sendRaw(`{"type":6}${RS}`);
    const port = (raw.socket as unknown as { _socket: Socket })._socket.localPort!;
    const socket = sockets.get(port)!;
    // ws hangs its WebSocket on the socket under a symbol of its own.
    const key = Object.getOwnPropertySymbols(socket).find((symbol) => symbol.description === 'websocket')!;
    const ws = (socket as unknown as Record<symbol, { _receiver: { _buffers: unknown[] } }>)[key]!;
    const queue = ws._receiver._buffers;
    raw.sendRaw(`{"type":6}${RS}`);
    await until(() => ws._receiver._buffers !== queue);
    expect(ws._receiver._buffers).toEqual([]);
    // And it still reads what comes next.
    raw.sendRaw(`{"type":1,"invocationId":"2","target":"SendHeartbeat","arguments":[{}]}${RS}`);
    expect(await raw.nextOfType(3)).toMatchObject({ invocationId: '2' });
    raw.close();
  });
});
