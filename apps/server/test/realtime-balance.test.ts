import type { AddressInfo } from 'node:net';
import { HUB_PATH, userBalancePush } from '@backlay/contract';
import { paise } from '@backlay/exchange';
import { HttpTransportType, HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjust, demoPlayer, fundedPlayer, walletOf } from './betting-helpers';
import { backends, createTestApp, type TestContext } from './harness';

/*
 * A client that comes back (after a server restart, an outage, a reload) must not show the balance
 * it held before: every RegisterClient of a player's connection is answered with a UserBalance push
 * of the balance, exposure and bonus balance as they are now, whichever connection, transport or server it is.
 */

const CLIENT = { Browser: 'vitest', Domain: 'localhost', CurrentPage: '/inplay' };
type Push = { Code: string; Data: Record<string, unknown> };

async function until(check: () => boolean, what: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(backends)('the balance on every registration (%s)', (backend) => {
  let ctx: TestContext;
  let hubUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp(backend);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    hubUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}${HUB_PATH}`;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  function client(transport: HttpTransportType, token?: string) {
    const connection: HubConnection = new HubConnectionBuilder()
      .withUrl(hubUrl, { transport, ...(token ? { accessTokenFactory: () => token } : {}) })
      .configureLogging(LogLevel.None)
      .build();
    const inbox: Push[] = [];
    connection.on('Message', (push: Push) => {
      inbox.push(push);
    });
    return { connection, inbox };
  }

  it('a player gets the balance and exposure as they are now each time a connection registers', async () => {
    const player = await fundedPlayer(ctx, 250);
    const first = client(HttpTransportType.WebSockets, player.token);
    await first.connection.start();
    await first.connection.invoke('RegisterClient', { ...CLIENT, Token: player.token });
    await until(() => first.inbox.length === 1, 'the first balance');
    expect(first.inbox).toEqual([
      { Code: 'UserBalance', Data: { Balance: 250, Exposure: 0, BonusBalance: 0 } },
    ]);

    // The same connection registering again (the client's restart path) gets it again.
    await first.connection.invoke('RegisterClient', { ...CLIENT, Token: player.token });
    await until(() => first.inbox.length === 2, 'the balance again');
    await first.connection.stop();

    // The wallet changes while the client is away; the next connection (another transport) hears
    // the figures of now, even though no push went out while it was gone.
    await adjust(ctx, player.userId, 100);
    expect(await walletOf(ctx.database.db, player.userId)).toEqual({ balance: 35_000, exposure: 0 });
    const back = client(HttpTransportType.LongPolling, player.token);
    await back.connection.start();
    await back.connection.invoke('RegisterClient', { ...CLIENT, Token: player.token });
    // The adjustment's own push may reach the new connection too when the machine is slow (it is
    // sent after the commit, whoever is connected then): every push it hears carries today's figures.
    await until(() => back.inbox.length >= 1, 'the balance after coming back');
    for (const push of back.inbox) {
      expect(push).toEqual({ Code: 'UserBalance', Data: { Balance: 350, Exposure: 0, BonusBalance: 0 } });
    }
    await back.connection.stop();
  });

  it('an anonymous connection that registers gets no balance; claiming it with a token does', async () => {
    const player = await demoPlayer(ctx);
    const anonymous = client(HttpTransportType.WebSockets);
    await anonymous.connection.start();
    await anonymous.connection.invoke('RegisterClient', { ...CLIENT, Token: '' });
    // Pushes arrive in order: a marker sent after the registration comes first if nothing came before.
    await ctx.app.hub.sendToConnection(
      anonymous.connection.connectionId as string,
      userBalancePush({ Balance: paise(1), Exposure: paise(0) }),
    );
    await until(() => anonymous.inbox.length === 1, 'the marker');
    expect(anonymous.inbox).toEqual([{ Code: 'UserBalance', Data: { Balance: 0.01, Exposure: 0 } }]);

    await anonymous.connection.invoke('RegisterClient', { ...CLIENT, Token: player.token });
    await until(() => anonymous.inbox.length === 2, 'the balance once claimed');
    expect(anonymous.inbox[1]).toEqual({
      Code: 'UserBalance',
      Data: { Balance: 15_000, Exposure: 0, BonusBalance: 0 },
    });
    await anonymous.connection.stop();
  });
});
