import { describe, expect, it, vi } from 'vitest';
import { HubMethods } from './hub-methods';
import { HubMethodTable, type HubCall } from './signalr/method-table';

const call: HubCall<null> = {
  connectionId: 'c1',
  userId: null,
  state: null,
  closed: false,
  claim: async () => 'claimed',
  joinGroup: async () => undefined,
  leaveGroup: () => undefined,
};

function table() {
  const raw = new HubMethodTable<null>();
  return { raw, methods: new HubMethods(raw) };
}

describe('the hub method table', () => {
  it('parses the argument with the contract before the handler runs, and encodes its result', async () => {
    const { raw, methods } = table();
    const handler = vi.fn(async () => ({
      result: { ConnectionId: 'c1', Authenticated: false, Group: 'page:7' },
    }));
    methods.register('SendHeartbeat', handler);
    // Matched without regard to case, as ASP.NET does.
    const method = raw.find('sendheartbeat');
    expect(method).toBeDefined();
    expect(await method!(call, [{ GroupBy: 7, Extra: 'dropped' }])).toEqual({
      result: { ConnectionId: 'c1', Authenticated: false, Group: 'page:7' },
    });
    expect(handler).toHaveBeenCalledWith(call, { GroupBy: 7 });
  });

  it('answers bad arguments with the completion error and never calls the handler', async () => {
    const { raw, methods } = table();
    const handler = vi.fn(async () => ({ result: { ConnectionId: 'c1', Authenticated: false } }));
    methods.register('RegisterClient', handler);
    const method = raw.find('RegisterClient')!;
    expect(await method(call, [])).toEqual({
      error: "Invocation of 'RegisterClient' provides 0 argument(s) but the method expects 1.",
    });
    expect(await method(call, [{}, {}])).toEqual({
      error: "Invocation of 'RegisterClient' provides 2 argument(s) but the method expects 1.",
    });
    expect(await method(call, [{ Browser: 12 }])).toEqual({
      error: "Invalid payload for 'RegisterClient': Browser: Invalid input: expected string, received number",
    });
    expect(await method(call, ['not an object'])).toMatchObject({
      error: expect.stringMatching(/^Invalid payload/),
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("passes a handler's refusal on as the completion error", async () => {
    const { raw, methods } = table();
    methods.register('RegisterClient', async () => ({ error: 'The token is invalid or has expired.' }));
    expect(await raw.find('RegisterClient')!(call, [{}])).toEqual({
      error: 'The token is invalid or has expired.',
    });
  });

  it('refuses a result that breaks the contract instead of sending it', async () => {
    const { raw, methods } = table();
    methods.register('RegisterClient', async () => ({ result: { ConnectionId: 'c1' } as never }));
    await expect(raw.find('RegisterClient')!(call, [{}])).rejects.toThrow();
  });

  it('holds one handler per name, and a removed one answers no more', () => {
    const { raw, methods } = table();
    const remove = methods.register('RegisterClient', async () => ({ error: 'x' }));
    expect(() => methods.register('RegisterClient', async () => ({ error: 'y' }))).toThrow(
      /already registered/,
    );
    expect(() => raw.register('registerclient', async () => ({ result: null }))).toThrow(
      /already registered/,
    );
    remove();
    expect(raw.find('RegisterClient')).toBeUndefined();
  });
});
