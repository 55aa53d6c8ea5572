import { HttpTransportType } from '@microsoft/signalr';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { oddsPush, type ServerPush } from '@backlay/contract';
import { createInProcessBus, type Bus } from '../platform/bus';
import { pushEncoder, PushRefusedError } from './hub';
import {
  balance,
  balanceOnWire,
  buildClient,
  collectMessages,
  signToken,
  startHubServer,
  type TestServer,
} from './test-support';

/** Values a caller could smuggle past the types (a cast, a number from the database, a future codec bug). */
const malformed: [string, ServerPush][] = [
  ['a balance with a fraction of a paisa', balance(10.005)],
  ['a balance that is not a number', balance(Number.NaN)],
  ['a push of no known Code', { Code: 'Bonus', Data: { amount: 1 } } as unknown as ServerPush],
  [
    'an odds change whose Data is a snapshot',
    { Code: 'OddsChange', Data: { kind: 'snapshot' } } as unknown as ServerPush,
  ],
  ['a scorecard without its card', oddsPush({ kind: 'scoreCard' } as never)],
];

describe('typed pushes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startHubServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(malformed)('refuses %s on send, and the client never sees it', async (_name, push) => {
    const client = buildClient(server.url, {
      transport: HttpTransportType.WebSockets,
      token: await signToken('ursula'),
    });
    const inbox = collectMessages(client);
    await client.start();
    await client.invoke('SendHeartbeat', { GroupBy: 5 });
    const hub = server.app.hub;
    await expect(hub.sendToUser('ursula', push)).rejects.toBeInstanceOf(PushRefusedError);
    await expect(hub.sendToGroup('page:5', push)).rejects.toThrow(/does not match the contract/);
    await expect(hub.sendToGroupExcept('page:5', [], push)).rejects.toBeInstanceOf(PushRefusedError);
    await expect(hub.sendToConnection(client.connectionId!, push)).rejects.toBeInstanceOf(PushRefusedError);
    await expect(hub.sendToAll(push)).rejects.toBeInstanceOf(PushRefusedError);
    // Delivery is in order per connection: the marker arriving alone means nothing came before it.
    await hub.sendToUser('ursula', balance(1));
    await inbox.waitFor(1);
    expect(inbox.items).toEqual([balanceOnWire(1)]);
    await client.stop();
  });

  it('says which push and which field broke the contract', async () => {
    const client = buildClient(server.url, {
      transport: HttpTransportType.WebSockets,
      token: await signToken('ursula'),
    });
    await client.start();
    const refused = await server.app.hub.sendToUser('ursula', balance(1, 0.001)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PushRefusedError);
    expect((refused as PushRefusedError).message).toMatch(
      /^The UserBalance push does not match the contract: Data\.Exposure: /,
    );
    await client.stop();
  });
});

describe('pushes nobody can receive', () => {
  let server: TestServer;
  let encode: MockInstance<typeof pushEncoder.encode>;
  beforeAll(async () => {
    server = await startHubServer();
  });
  beforeEach(() => {
    encode = vi.spyOn(pushEncoder, 'encode');
  });
  afterEach(() => {
    encode.mockRestore();
  });
  afterAll(async () => {
    await server.close();
  });

  it('are not encoded: a group, user or connection without anyone on the in-process bus', async () => {
    const hub = server.app.hub;
    await hub.sendToGroup('page:404', balance(1));
    await hub.sendToGroupExcept('page:404', [], balance(1));
    await hub.sendToLocalGroup('page:404', balance(1));
    await hub.sendToUser('nobody', balance(1));
    // A connection id of no server, and one of this server's own shape that it does not hold.
    await hub.sendToConnection('not-a-connection', balance(1));
    expect(encode).not.toHaveBeenCalled();
  });

  it('are not refused either, while the same push to a group with a member is', async () => {
    const hub = server.app.hub;
    const bad = balance(1, 0.001);
    await expect(hub.sendToGroup('page:404', bad)).resolves.toBeUndefined();
    const client = buildClient(server.url, {
      transport: HttpTransportType.WebSockets,
      token: await signToken('vera'),
    });
    const inbox = collectMessages(client);
    await client.start();
    await client.invoke('SendHeartbeat', { GroupBy: 404 });
    await expect(hub.sendToGroup('page:404', bad)).rejects.toBeInstanceOf(PushRefusedError);
    encode.mockClear();
    // The member gets the group's push (encoded once); a group beside it costs nothing.
    await hub.sendToGroup('page:404', balance(2));
    await hub.sendToGroup('page:405', balance(3));
    await hub.sendToUser('vera', balance(4));
    await hub.sendToUser('walter', balance(5));
    await hub.sendToConnection(client.connectionId!, balance(6));
    await inbox.waitFor(3);
    expect(inbox.items).toEqual([balanceOnWire(2), balanceOnWire(4), balanceOnWire(6)]);
    expect(encode).toHaveBeenCalledTimes(3);
    await client.stop();
    // Once the member has gone, the group has nobody again.
    await vi.waitFor(() => expect(hub.connectionCount()).toBe(0));
    encode.mockClear();
    await hub.sendToGroup('page:404', balance(7));
    await hub.sendToUser('vera', balance(8));
    expect(encode).not.toHaveBeenCalled();
  });

  it('are still made and published over a bus that cannot tell who subscribes (Redis)', async () => {
    const inner = createInProcessBus();
    const published: string[] = [];
    // A bus without hasSubscribers, as the Redis bus: another server may hold the group's members.
    const blind: Bus = {
      publish: async (channel, payload) => {
        published.push(channel);
        await inner.publish(channel, payload);
      },
      subscribe: (channel, handler) => inner.subscribe(channel, handler),
      unsubscribe: (channel, handler) => inner.unsubscribe(channel, handler),
      close: () => inner.close(),
    };
    const other = await startHubServer({ bus: blind });
    try {
      await other.app.hub.sendToGroup('page:404', balance(1));
      await other.app.hub.sendToUser('nobody', balance(1));
      expect(encode).toHaveBeenCalledTimes(2);
      expect(published).toEqual(['hub:notify:group:page:404', 'hub:notify:user:nobody']);
      // A malformed push is refused there, as it may have an audience.
      await expect(other.app.hub.sendToGroup('page:404', balance(1, 0.001))).rejects.toBeInstanceOf(
        PushRefusedError,
      );
    } finally {
      await other.close();
    }
  });
});
