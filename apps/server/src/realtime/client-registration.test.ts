import { describe, expect, it, vi } from 'vitest';
import { ClientRegistration, newClientState, tokenFingerprint } from './client-registration';
import { HubMethods } from './hub-methods';
import { HubMethodTable, type HubCall } from './signalr/method-table';
import type { HubLogger } from './signalr/types';

const quiet: HubLogger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

function setup() {
  const table = new HubMethodTable<ReturnType<typeof newClientState>>();
  const authenticate = vi.fn(async (token: string) => (token.startsWith('ok') ? { userId: 'u1' } : null));
  new ClientRegistration(new HubMethods(table), authenticate, quiet);
  const state = newClientState();
  const call: HubCall<typeof state> = {
    connectionId: 'c1',
    userId: 'u1',
    state,
    closed: false,
    claim: async () => 'claimed',
    joinGroup: async () => undefined,
    leaveGroup: () => undefined,
  };
  const heartbeat = (Token?: string) => table.find('SendHeartbeat')!(call, [{ Token }]);
  return { authenticate, state, heartbeat };
}

describe('tokens in hub calls', () => {
  it('verifies a token once per connection and keeps only its fingerprint', async () => {
    const { authenticate, state, heartbeat } = setup();
    const token = `ok.${'x'.repeat(200)}`;
    await heartbeat(token);
    await heartbeat(token);
    expect(authenticate).toHaveBeenCalledTimes(1);
    expect(state.verifiedToken).toBe(tokenFingerprint(token));
    expect(JSON.stringify(state)).not.toContain('xxxx');

    // A new token (a refreshed one) is verified, and becomes the one remembered.
    await heartbeat('ok.refreshed');
    expect(authenticate).toHaveBeenCalledTimes(2);
    await heartbeat('ok.refreshed');
    expect(authenticate).toHaveBeenCalledTimes(2);
  });

  it('verifies a refused token every time and keeps the last good one', async () => {
    const { authenticate, state, heartbeat } = setup();
    await heartbeat('ok.first');
    expect(await heartbeat('bad')).toEqual({ error: expect.any(String) });
    expect(await heartbeat('bad')).toEqual({ error: expect.any(String) });
    expect(authenticate).toHaveBeenCalledTimes(3);
    expect(state.verifiedToken).toBe(tokenFingerprint('ok.first'));
  });

  it('tells tokens apart by their fingerprint', () => {
    expect(tokenFingerprint('a')).not.toBe(tokenFingerprint('b'));
    expect(Number.isSafeInteger(tokenFingerprint('a'))).toBe(true);
  });
});
