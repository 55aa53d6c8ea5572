import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALLOWED_ORIGIN,
  balance,
  balanceOnWire,
  negotiate,
  RawClient,
  RS,
  signToken,
  startHubServer,
  wsUrl,
  type TestServer,
} from './test-support';

describe('the protocol on the wire', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startHubServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('takes the browser token path: Bearer on negotiate, access_token on the WebSocket', async () => {
    const token = await signToken('henry');
    const negotiated = await negotiate(server.url, 'negotiateVersion=1', {
      authorization: `Bearer ${token}`,
    });
    expect(negotiated.status).toBe(200);
    expect(negotiated.body).toEqual({
      connectionId: expect.any(String),
      connectionToken: expect.any(String),
      negotiateVersion: 1,
      availableTransports: [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ],
    });
    const id = String(negotiated.body.connectionToken);
    const raw = await RawClient.connect(
      wsUrl(server.url, `id=${id}&access_token=${encodeURIComponent(token)}`),
    );
    await raw.handshake();
    raw.send({ type: 1, invocationId: '1', target: 'RegisterClient', arguments: [{ Browser: 'Firefox' }] });
    expect(await raw.nextOfType(3)).toEqual({
      type: 3,
      invocationId: '1',
      result: { ConnectionId: negotiated.body.connectionId, Authenticated: true },
    });
    await server.app.hub.sendToUser('henry', balance(99.99, 10));
    const push = await raw.next((frame) => frame.includes('"target"'));
    expect(push + RS).toBe(
      `{"type":1,"target":"Message","arguments":[{"Code":"UserBalance","Data":{"Balance":99.99,"Exposure":10}}]}${RS}`,
    );
    raw.close();
  });

  it('answers several messages in one frame, and nothing to an invocation without an id', async () => {
    const negotiated = await negotiate(server.url);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
    raw.sendRaw(
      `{"protocol":"json","version":1}${RS}{"type":1,"target":"RegisterClient","arguments":[{}]}${RS}` +
        `{"type":6}${RS}{"type":1,"invocationId":"7","target":"sendheartbeat","arguments":[{"GroupBy":5}]}${RS}`,
    );
    expect(await raw.next(() => true)).toBe('{}');
    const completion = await raw.nextOfType(3);
    expect(completion).toEqual({
      type: 3,
      invocationId: '7',
      result: { ConnectionId: negotiated.body.connectionId, Authenticated: false, Group: 'page:5' },
    });
    expect(raw.frames.filter((frame) => frame.includes('"type":3'))).toEqual([]);
    raw.close();
  });

  it('supports negotiate version 0, where the connection id is the id', async () => {
    const negotiated = await negotiate(server.url, '');
    expect(negotiated.body.negotiateVersion).toBe(0);
    expect(negotiated.body).not.toHaveProperty('connectionToken');
    expect(negotiated.body).not.toHaveProperty('ProtocolVersion');
    const raw = await RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionId)}`));
    await raw.handshake();
    raw.close();
  });

  it('offers stateful reconnect only when asked, and never answers with ProtocolVersion', async () => {
    expect((await negotiate(server.url, 'negotiateVersion=1')).body).not.toHaveProperty(
      'useStatefulReconnect',
    );
    const stateful = await negotiate(server.url, 'negotiateVersion=1&useStatefulReconnect=true');
    expect(stateful.body.useStatefulReconnect).toBe(true);
    expect((await negotiate(server.url, 'negotiateVersion=7')).body.negotiateVersion).toBe(1);
    expect((await negotiate(server.url, 'negotiateVersion=x')).status).toBe(400);
  });

  it('refuses unknown ids with 404, a second socket with 409 and a wrong access_token with 401', async () => {
    await expect(RawClient.connect(wsUrl(server.url, 'id=nope'))).rejects.toThrow('HTTP 404');
    const negotiated = await negotiate(server.url);
    const id = String(negotiated.body.connectionToken);
    const first = await RawClient.connect(wsUrl(server.url, `id=${id}`));
    await expect(RawClient.connect(wsUrl(server.url, `id=${id}`))).rejects.toThrow('HTTP 409');
    await expect(RawClient.connect(wsUrl(server.url, `id=${id}&access_token=bad`))).rejects.toThrow(
      'HTTP 401',
    );
    first.close();
    const other = await negotiate(server.url, 'negotiateVersion=1', {
      authorization: `Bearer ${await signToken('ivan')}`,
    });
    const otherId = String(other.body.connectionToken);
    const token = await signToken('judy');
    await expect(RawClient.connect(wsUrl(server.url, `id=${otherId}&access_token=${token}`))).rejects.toThrow(
      'HTTP 403',
    );
  });

  it('finds a connection only by its whole token: the public id, a wrong secret or more are 404', async () => {
    const negotiated = await negotiate(server.url, 'negotiateVersion=1');
    const id = String(negotiated.body.connectionId);
    const token = String(negotiated.body.connectionToken);
    expect(token.startsWith(id)).toBe(true);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const wrong of [id, `${token.slice(0, -1)}${last}`, `${token}A`, token.slice(0, -1)]) {
      await expect(RawClient.connect(wsUrl(server.url, `id=${wrong}`))).rejects.toThrow('HTTP 404');
    }
    // The POST and GET transports look a connection up the same way.
    const poll = await fetch(`${server.url}?id=${id}`);
    expect(poll.status).toBe(404);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${token}`));
    await raw.handshake();
    raw.close();
  });

  it('matches the WebSocket path like the routes: trailing slash and case do not matter', async () => {
    const negotiated = await negotiate(server.url);
    const raw = await RawClient.connect(
      `${server.url.replace(/^http/, 'ws').replace(/notify$/, 'Notify/')}?id=${String(negotiated.body.connectionToken)}`,
    );
    await raw.handshake();
    raw.close();
  });

  it('connects a WebSocket without negotiate', async () => {
    const raw = await RawClient.connect(wsUrl(server.url, `access_token=${await signToken('kate')}`));
    await raw.handshake();
    await server.app.hub.sendToUser('kate', balance(1));
    expect(await raw.nextOfType(1)).toMatchObject({ target: 'Message', arguments: [balanceOnWire(1)] });
    raw.close();
  });

  it('answers CORS for allowed origins only, and refuses other origins', async () => {
    const preflight = await fetch(`${server.url}/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: {
        origin: ALLOWED_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,x-signalr-user-agent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,x-signalr-user-agent');

    const allowed = await negotiate(server.url, 'negotiateVersion=1', { origin: ALLOWED_ORIGIN });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');

    const refused = await negotiate(server.url, 'negotiateVersion=1', { origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    const id = String(allowed.body.connectionToken);
    await expect(
      RawClient.connect(wsUrl(server.url, `id=${id}`), { origin: 'http://evil.example' }),
    ).rejects.toThrow('HTTP 403');
    const raw = await RawClient.connect(wsUrl(server.url, `id=${id}`), { origin: ALLOWED_ORIGIN });
    await raw.handshake();
    raw.close();
  });

  it('long polling: first poll answers at once, DELETE ends the connection and its poll with 204', async () => {
    const negotiated = await negotiate(server.url);
    const id = String(negotiated.body.connectionToken);
    const first = await fetch(`${server.url}?id=${id}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('');
    const handshake = await fetch(`${server.url}?id=${id}`, {
      method: 'POST',
      body: `{"protocol":"json","version":1}${RS}`,
    });
    expect(handshake.status).toBe(200);
    expect(await (await fetch(`${server.url}?id=${id}`)).text()).toBe(`{}${RS}`);
    const waiting = fetch(`${server.url}?id=${id}`);
    const deleted = await fetch(`${server.url}?id=${id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(202);
    expect((await waiting).status).toBe(204);
    expect((await fetch(`${server.url}?id=${id}`, { method: 'POST', body: `{"type":6}${RS}` })).status).toBe(
      404,
    );
  });

  it('server-sent events: frames as data lines; a second stream or a switch to polling is refused', async () => {
    const negotiated = await negotiate(server.url);
    const id = String(negotiated.body.connectionToken);
    const abort = new AbortController();
    const stream = await fetch(`${server.url}?id=${id}`, {
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    expect((await fetch(`${server.url}?id=${id}`, { headers: { accept: 'text/event-stream' } })).status).toBe(
      409,
    );
    expect((await fetch(`${server.url}?id=${id}`)).status).toBe(400);
    await fetch(`${server.url}?id=${id}`, { method: 'POST', body: `{"protocol":"json","version":1}${RS}` });
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes(`data: {}${RS}`)) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
  });

  it('refuses hub requests without or with an unknown id, and a POST to a WebSocket connection', async () => {
    expect((await fetch(server.url)).status).toBe(400);
    expect((await fetch(`${server.url}?id=unknown`)).status).toBe(404);
    expect((await fetch(`${server.url}?id=unknown`, { method: 'POST', body: 'x' })).status).toBe(404);
    const negotiated = await negotiate(server.url);
    const id = String(negotiated.body.connectionToken);
    const raw = await RawClient.connect(wsUrl(server.url, `id=${id}`));
    expect((await fetch(`${server.url}?id=${id}`, { method: 'POST', body: `{"type":6}${RS}` })).status).toBe(
      405,
    );
    expect((await fetch(`${server.url}?id=${id}`, { headers: { accept: 'text/event-stream' } })).status).toBe(
      400,
    );
    raw.close();
  });
});
