import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oddsPush, type ServerPush } from '@backlay/contract';
import { PushRefusedError } from './hub';
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
    const refused = await server.app.hub.sendToUser('ursula', balance(1, 0.001)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PushRefusedError);
    expect((refused as PushRefusedError).message).toMatch(
      /^The UserBalance push does not match the contract: Data\.Exposure: /,
    );
  });
});
