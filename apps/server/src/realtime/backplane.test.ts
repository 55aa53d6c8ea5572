import { randomUUID } from 'node:crypto';
import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, createRedisBus, type Bus } from '../platform/bus';
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

const redisUrl = process.env.REDIS_URL;

type BusPair = { name: string; make: () => { first: Bus; second: Bus } };

const pairs: BusPair[] = [
  {
    name: 'in-process bus shared by two servers',
    make: () => {
      const bus = createInProcessBus();
      return { first: bus, second: bus };
    },
  },
];
if (redisUrl) {
  pairs.push({
    name: 'Redis, one bus per server',
    make: () => {
      const prefix = `test:${randomUUID()}:`;
      return { first: createRedisBus(redisUrl, { prefix }), second: createRedisBus(redisUrl, { prefix }) };
    },
  });
}

describe.each(pairs)('scale-out over the $name', ({ make }) => {
  let first: TestServer;
  let second: TestServer;
  let buses: { first: Bus; second: Bus };
  beforeAll(async () => {
    buses = make();
    first = await startHubServer({ bus: buses.first, groupCommandTimeoutMs: 1500 });
    second = await startHubServer({ bus: buses.second, groupCommandTimeoutMs: 1500 });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await buses.first.close();
    if (buses.second !== buses.first) await buses.second.close();
  });

  it('a client on the first server receives sendToUser called on the second', async () => {
    const client = buildClient(first.url, {
      transport: HttpTransportType.WebSockets,
      token: await signToken('nina'),
    });
    const inbox = collectMessages(client);
    await client.start();
    await second.app.hub.sendToUser('nina', balance(750.25, 100));
    await inbox.waitFor(1);
    expect(inbox.items).toEqual([balanceOnWire(750.25, 100)]);
    await client.stop();
  });

  it('reaches every connection of a user across servers, groups, single connections and everyone', async () => {
    const token = await signToken('oscar');
    const onFirst = buildClient(first.url, { transport: HttpTransportType.WebSockets, token });
    const onSecond = buildClient(second.url, { transport: HttpTransportType.LongPolling, token });
    const inboxes = [collectMessages(onFirst), collectMessages(onSecond)];
    await Promise.all([onFirst.start(), onSecond.start()]);
    await onFirst.invoke('SendHeartbeat', { GroupBy: 77 });

    await first.app.hub.sendToUser('oscar', balance(1));
    await Promise.all(inboxes.map((inbox) => inbox.waitFor(1)));
    await second.app.hub.sendToGroup('page:77', balance(2));
    await inboxes[0]!.waitFor(2);
    await first.app.hub.sendToConnection(onSecond.connectionId!, balance(3));
    await inboxes[1]!.waitFor(2);
    await second.app.hub.addToGroup(onFirst.connectionId!, 'traders');
    await second.app.hub.sendToGroupExcept('page:77', [onFirst.connectionId!], balance(-1));
    await second.app.hub.sendToGroup('traders', balance(4));
    await inboxes[0]!.waitFor(3);
    await second.app.hub.removeFromGroup(onFirst.connectionId!, 'traders');
    await second.app.hub.sendToGroup('traders', balance(-2));
    await first.app.hub.sendToAll(balance(5));
    await Promise.all([inboxes[0]!.waitFor(4), inboxes[1]!.waitFor(3)]);

    expect(inboxes[0]!.items).toEqual([1, 2, 4, 5].map((r) => balanceOnWire(r)));
    expect(inboxes[1]!.items).toEqual([1, 3, 5].map((r) => balanceOnWire(r)));
    await Promise.all([onFirst.stop(), onSecond.stop()]);
  });

  it("sendToLocalGroup reaches only the sending server's members of the group", async () => {
    const onFirst = buildClient(first.url, { transport: HttpTransportType.WebSockets });
    const onSecond = buildClient(second.url, { transport: HttpTransportType.WebSockets });
    const inboxes = [collectMessages(onFirst), collectMessages(onSecond)];
    await Promise.all([onFirst.start(), onSecond.start()]);
    await onFirst.invoke('SendHeartbeat', { GroupBy: 88 });
    await onSecond.invoke('SendHeartbeat', { GroupBy: 88 });

    await first.app.hub.sendToLocalGroup('page:88', balance(1));
    await second.app.hub.sendToLocalGroup('page:88', balance(2));
    // In order per connection: whoever sees the shared marker first got nothing before it.
    await first.app.hub.sendToGroup('page:88', balance(3));
    await Promise.all(inboxes.map((inbox) => inbox.waitFor(2)));
    expect(inboxes[0]!.items).toEqual([1, 3].map((r) => balanceOnWire(r)));
    expect(inboxes[1]!.items).toEqual([2, 3].map((r) => balanceOnWire(r)));
    await Promise.all([onFirst.stop(), onSecond.stop()]);
  });

  it('addToGroup for a connection no server holds fails instead of pretending', async () => {
    await expect(first.app.hub.addToGroup('no-such-connection', 'x')).rejects.toThrow(/not found/);
  });
});

describe.runIf(redisUrl)('Redis subscriptions follow local connections', () => {
  it('subscribes user:{id} with the first local connection and unsubscribes after the last', async () => {
    const url = redisUrl ?? '';
    const prefix = `test:${randomUUID()}:`;
    const bus = createRedisBus(url, { prefix });
    const server = await startHubServer({ bus });
    const { Redis } = await import('ioredis');
    const probe = new Redis(url);
    const numsub = async () =>
      Number(((await probe.pubsub('NUMSUB', `${prefix}hub:notify:user:pat`)) as [string, number])[1]);

    const token = await signToken('pat');
    const clients = [HttpTransportType.WebSockets, HttpTransportType.ServerSentEvents].map((transport) =>
      buildClient(server.url, { transport, token }),
    );
    expect(await numsub()).toBe(0);
    await clients[0]!.start();
    expect(await numsub()).toBe(1);
    await clients[1]!.start();
    expect(await numsub()).toBe(1);
    // No channel per connection: pushes to one connection go to its server's channel.
    const channels = ((await probe.pubsub('CHANNELS', `${prefix}*`)) as string[])
      .map((channel) => channel.slice(prefix.length))
      .sort();
    expect(channels).toEqual([
      'hub:notify:all',
      `hub:notify:internal:ack:${clients[0]!.connectionId!.slice(0, 12)}`,
      'hub:notify:internal:groups',
      `hub:notify:server:${clients[0]!.connectionId!.slice(0, 12)}`,
      'hub:notify:user:pat',
    ]);
    await clients[0]!.stop();
    const hub = server.app.hub;
    await until(() => hub.connectionCount() === 1);
    expect(await numsub()).toBe(1);
    await clients[1]!.stop();
    await until(() => hub.connectionCount() === 0);
    // The UNSUBSCRIBE goes out after the last connection left; wait for Redis to reflect it.
    while ((await numsub()) !== 0) await new Promise((resolve) => setTimeout(resolve, 5));
    probe.disconnect();
    await server.close();
    await bus.close();
  });
});
