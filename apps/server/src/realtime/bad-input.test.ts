import { HttpTransportType } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClient,
  negotiate,
  RawClient,
  RS,
  signToken,
  startHubServer,
  wsUrl,
  type TestServer,
} from './test-support';

describe('bad input never crashes the server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startHubServer();
  });
  afterAll(async () => {
    // The server still serves a well-behaved client after everything below.
    const client = buildClient(server.url, {
      transport: HttpTransportType.WebSockets,
      token: await signToken('ok'),
    });
    await client.start();
    expect(await client.invoke('RegisterClient', {})).toMatchObject({ Authenticated: true });
    await client.stop();
    await server.close();
  });

  async function connected(): Promise<RawClient> {
    const negotiated = await negotiate(server.url);
    return RawClient.connect(wsUrl(server.url, `id=${String(negotiated.body.connectionToken)}`));
  }

  async function handshaken(): Promise<RawClient> {
    const raw = await connected();
    await raw.handshake();
    return raw;
  }

  it('answers a handshake for an unknown protocol with an error and closes', async () => {
    const raw = await connected();
    raw.send({ protocol: 'messagepack', version: 1 });
    expect(await raw.next(() => true)).toBe(
      '{"error":"Requested protocol \'messagepack\' is not available."}',
    );
    await raw.closed;
  });

  it('answers an unsupported protocol version with a handshake error and closes', async () => {
    const raw = await connected();
    raw.send({ protocol: 'json', version: 3 });
    expect(JSON.parse(await raw.next(() => true))).toEqual({
      error: "The server does not support version 3 of the 'json' protocol.",
    });
    await raw.closed;
  });

  it('refuses an invocation before the handshake', async () => {
    const raw = await connected();
    raw.send({ type: 1, invocationId: '1', target: 'RegisterClient', arguments: [{}] });
    expect(JSON.parse(await raw.next(() => true))).toEqual({
      error: 'Expected a handshake request with a protocol',
    });
    await raw.closed;
  });

  it('closes a connection that never sends its handshake', async () => {
    const impatient = await startHubServer({ handshakeTimeoutMs: 300 });
    const negotiated = await negotiate(impatient.url);
    const raw = await RawClient.connect(
      wsUrl(impatient.url, `id=${String(negotiated.body.connectionToken)}`),
    );
    expect(JSON.parse(await raw.next(() => true))).toEqual({ error: 'Handshake was not received in time.' });
    await raw.closed;
    await impatient.close();
  });

  it.each([
    ['malformed JSON', '{"type":1,', 'Message is not valid JSON'],
    ['a non-object', '[1,2]', 'Message is not a JSON object'],
    ['an unknown message type', '{"type":42}', 'Unknown message type 42'],
    [
      'an invocation without a target',
      '{"type":1,"invocationId":"1","arguments":[]}',
      "needs a non-empty string 'target'",
    ],
    [
      'a completion the server never asked for',
      '{"type":3,"invocationId":"1"}',
      'Unexpected stream item or completion',
    ],
  ])('closes the connection on %s with a Close carrying the reason', async (_name, message, reason) => {
    const raw = await handshaken();
    raw.sendRaw(message + RS);
    const close = await raw.nextOfType(7);
    expect(String(close.error)).toContain(reason);
    expect(close).not.toHaveProperty('allowReconnect');
    await raw.closed;
  });

  it('closes the connection on a message over 32 KB, in one frame or spread over several', async () => {
    const big = await handshaken();
    big.send({ type: 1, target: 'RegisterClient', arguments: [{ Browser: 'x'.repeat(40000) }] });
    expect(String((await big.nextOfType(7)).error)).toContain('exceeds the maximum of 32768 bytes');
    await big.closed;

    const spread = await handshaken();
    for (let i = 0; i < 5; i += 1) spread.sendRaw('x'.repeat(8000));
    expect(String((await spread.nextOfType(7)).error)).toContain('exceeds');
    await spread.closed;

    const huge = await handshaken();
    huge.sendRaw('x'.repeat(200000));
    // Beyond the WebSocket frame limit the socket itself closes with 1009 (message too big).
    expect((await huge.closed).code).toBe(1009);
  });

  it('answers error completions for unknown targets, bad payloads, wrong arity and streams, and goes on', async () => {
    const raw = await handshaken();
    raw.send(
      { type: 1, invocationId: 'a', target: 'DropTables', arguments: [] },
      { type: 1, invocationId: 'b', target: 'RegisterClient', arguments: [{ Browser: 12 }] },
      { type: 1, invocationId: 'c', target: 'RegisterClient', arguments: [{}, {}] },
      { type: 1, invocationId: 'd', target: 'SendHeartbeat', arguments: [{ GroupBy: 'bad\nname' }] },
      { type: 4, invocationId: 'e', target: 'RegisterClient', arguments: [] },
      { type: 1, invocationId: 'f', target: 'RegisterClient', arguments: [{}], streamIds: ['1'] },
      { type: 1, invocationId: 'g', target: 'RegisterClient', arguments: [null] },
      { type: 1, invocationId: 'h', target: 'RegisterClient', arguments: [{ Browser: 'ok' }] },
    );
    const byId = new Map<string, Record<string, unknown>>();
    while (byId.size < 8) {
      const completion = await raw.nextOfType(3);
      byId.set(String(completion.invocationId), completion);
    }
    expect(byId.get('a')?.error).toBe("Unknown hub method 'DropTables'");
    expect(String(byId.get('b')?.error)).toMatch(/^Invalid payload for 'RegisterClient': Browser: /);
    expect(byId.get('c')?.error).toBe(
      "Invocation of 'RegisterClient' provides 2 argument(s) but the method expects 1.",
    );
    expect(String(byId.get('d')?.error)).toContain('GroupBy');
    expect(byId.get('e')?.error).toBe("The hub method 'RegisterClient' does not stream.");
    expect(byId.get('f')?.error).toBe("The hub method 'RegisterClient' does not accept streams.");
    expect(String(byId.get('g')?.error)).toContain("Invalid payload for 'RegisterClient'");
    expect(byId.get('h')).toMatchObject({ result: { Authenticated: false } });
    raw.close();
  });

  it('closes a long-polling connection on a malformed POST and hands the Close to the next poll', async () => {
    const negotiated = await negotiate(server.url);
    const id = String(negotiated.body.connectionToken);
    await fetch(`${server.url}?id=${id}`);
    await fetch(`${server.url}?id=${id}`, { method: 'POST', body: `{"protocol":"json","version":1}${RS}` });
    expect(await (await fetch(`${server.url}?id=${id}`)).text()).toBe(`{}${RS}`);
    const garbage = await fetch(`${server.url}?id=${id}`, { method: 'POST', body: `{not json${RS}` });
    expect(garbage.status).toBe(200);
    const poll = await fetch(`${server.url}?id=${id}`);
    expect(await poll.text()).toBe(`{"type":7,"error":"Message is not valid JSON"}${RS}`);
    expect((await fetch(`${server.url}?id=${id}`)).status).toBe(204);
  });

  it('answers 413 to a POST over the body limit and closes that connection', async () => {
    const negotiated = await negotiate(server.url);
    const id = String(negotiated.body.connectionToken);
    await fetch(`${server.url}?id=${id}`);
    const response = await fetch(`${server.url}?id=${id}`, { method: 'POST', body: 'x'.repeat(200000) });
    expect(response.status).toBe(413);
    expect((await fetch(`${server.url}?id=${id}`, { method: 'POST', body: `{"type":6}${RS}` })).status).toBe(
      404,
    );
  });
});
