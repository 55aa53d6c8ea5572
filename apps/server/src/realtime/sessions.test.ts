import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubIdentity } from './hub';
import { buildClient, negotiate, startHubServer, type TestServer } from './test-support';

const info = { Browser: 'Chrome', Domain: 'backlay.test', CurrentPage: '/' };

/** Tokens here are 'user/session': enough to tell connections of one user's sessions apart. */
async function authenticate(token: string): Promise<HubIdentity | null> {
  const [userId, sessionId] = token.split('/');
  return userId && sessionId ? { userId, sessionId } : null;
}

function closedWith(client: ReturnType<typeof buildClient>): Promise<Error | undefined> {
  return new Promise((resolve) => client.onclose(resolve));
}

describe('closing the connections of a sign-in session', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startHubServer({ authenticate });
  });
  afterAll(async () => {
    await server.close();
  });

  it("closes every connection a token of the session opened or claimed, with Close and no reconnect, and no other session's", async () => {
    const opened = buildClient(server.url, { transport: HttpTransportType.WebSockets, token: 'alice/1' });
    const overEvents = buildClient(server.url, {
      transport: HttpTransportType.ServerSentEvents,
      token: 'alice/1',
      automaticReconnect: true,
    });
    const claimed = buildClient(server.url, { transport: HttpTransportType.LongPolling });
    const otherSession = buildClient(server.url, {
      transport: HttpTransportType.WebSockets,
      token: 'alice/2',
    });
    const anonymous = buildClient(server.url, { transport: HttpTransportType.WebSockets });
    const all = [opened, overEvents, claimed, otherSession, anonymous];
    await Promise.all(all.map((c) => c.start()));
    await claimed.invoke('RegisterClient', { ...info, Token: 'alice/1' });
    const closings = [opened, overEvents, claimed].map(closedWith);
    let reconnected = false;
    overEvents.onreconnecting(() => {
      reconnected = true;
    });

    expect(server.app.hub.closeSessions(['1'], 'This session has been signed out.')).toBe(3);

    for (const error of await Promise.all(closings)) {
      expect(error?.message).toMatch(/This session has been signed out/);
    }
    expect(reconnected).toBe(false);
    expect(await otherSession.invoke('RegisterClient', { ...info, Token: 'alice/2' })).toMatchObject({
      Authenticated: true,
    });
    expect(await anonymous.invoke('RegisterClient', info)).toMatchObject({ Authenticated: false });
    // Nothing left of the session to close.
    expect(server.app.hub.closeSessions(['1'], 'again')).toBe(0);
    await Promise.all([otherSession.stop(), anonymous.stop()]);
  });

  it('a connection negotiated by the session but not yet connected cannot connect any more', async () => {
    const negotiated = await negotiate(server.url, 'negotiateVersion=1', { authorization: 'Bearer bob/7' });
    expect(negotiated.status).toBe(200);
    expect(server.app.hub.closeSessions(['7'], 'This session has been signed out.')).toBe(1);
    const answer = await fetch(
      `${server.url}?id=${encodeURIComponent(String(negotiated.body.connectionToken))}`,
      { headers: { authorization: 'Bearer bob/8' } },
    );
    expect(answer.status).toBe(404);
  });
});
