import { hash } from 'node:crypto';
import {
  HUB_METHOD_ERRORS,
  pageGroup,
  type HubMethodError,
  type RegisterClient,
  type SendHeartbeat,
} from '@backlay/contract';
import type { HubMethods } from './hub-methods';
import type { HubCall } from './signalr/method-table';
import type { Authenticate, HubLogger } from './signalr/types';

/**
 * What Backlay's hub methods remember of a connection between calls: every connection holds one,
 * so it is kept to two fields (what a client registered with is handed to the hooks, not kept).
 */
export interface ClientState {
  /** The page group the connection joined through GroupBy, or null. */
  pageGroup: string | null;
  /**
   * A fingerprint of the last token a hub method verified, so a heartbeat repeating it is not
   * verified again, without keeping the token itself (a few hundred bytes) on every connection.
   * Skipping is only ever an economy: a call without a token is accepted as it is.
   */
  verifiedToken: number | null;
}

export function newClientState(): ClientState {
  return { pageGroup: null, verifiedToken: null };
}

/**
 * 32 bits of the token's SHA-256, as a small integer held in the call state itself (48 bits took a
 * heap number of 16 bytes more per connection). Two tokens share one about once in 2^32, which
 * costs nothing: a match only skips verifying again, and a call is accepted without a token anyway.
 */
export function tokenFingerprint(token: string): number {
  // One-shot, as VerifiedTokens.fingerprint: no Hash object left for the GC to free.
  return hash('sha256', token, 'buffer').readInt32BE(0);
}

export interface ClientRegisteredEvent {
  connectionId: string;
  userId: string | null;
  client: RegisterClient;
}

export interface HeartbeatEvent {
  connectionId: string;
  userId: string | null;
  heartbeat: SendHeartbeat;
  /** The page group the connection is in after this heartbeat, or null. */
  group: string | null;
  /** The page group it was in before; differs from group when the page changed. */
  previousGroup: string | null;
}

export type HubHook<E> = (event: E) => void | Promise<void>;

/**
 * The hub methods every client calls (product spec section 7): RegisterClient on connect and
 * SendHeartbeat every 20 s and on page changes. A Token in either may claim an anonymous
 * connection for its user; GroupBy moves the connection between page groups (`page:{GroupBy}`),
 * the only groups a client can put itself in. Other features hear both through hooks.
 */
export class ClientRegistration {
  private readonly registeredHooks = new Set<HubHook<ClientRegisteredEvent>>();
  private readonly heartbeatHooks = new Set<HubHook<HeartbeatEvent>>();

  constructor(
    methods: HubMethods<ClientState>,
    private readonly authenticate: Authenticate,
    private readonly logger: HubLogger,
  ) {
    methods.register('RegisterClient', (call, client) => this.registerClient(call, client));
    methods.register('SendHeartbeat', (call, heartbeat) => this.sendHeartbeat(call, heartbeat));
  }

  /** Runs after a RegisterClient succeeded; returns a function that removes the hook. */
  onClientRegistered(hook: HubHook<ClientRegisteredEvent>): () => void {
    this.registeredHooks.add(hook);
    return () => this.registeredHooks.delete(hook);
  }

  /** Runs after a SendHeartbeat succeeded, e.g. to send an odds snapshot to a new page group. */
  onHeartbeat(hook: HubHook<HeartbeatEvent>): () => void {
    this.heartbeatHooks.add(hook);
    return () => this.heartbeatHooks.delete(hook);
  }

  private async registerClient(call: HubCall<ClientState>, client: RegisterClient) {
    const refused = await this.applyToken(call, client.Token);
    if (refused) return { error: refused };
    await this.runHooks(this.registeredHooks, {
      connectionId: call.connectionId,
      userId: call.userId,
      client,
    });
    return { result: { ConnectionId: call.connectionId, Authenticated: call.userId !== null } };
  }

  private async sendHeartbeat(call: HubCall<ClientState>, heartbeat: SendHeartbeat) {
    const refused = await this.applyToken(call, heartbeat.Token);
    if (refused) return { error: refused };
    const { GroupBy } = heartbeat;
    const group = GroupBy === undefined || GroupBy === null || GroupBy === '' ? null : pageGroup(GroupBy);
    const { state } = call;
    const previousGroup = state.pageGroup;
    if (group !== previousGroup) {
      if (previousGroup !== null) call.leaveGroup(previousGroup);
      state.pageGroup = group;
      if (group !== null) await call.joinGroup(group);
    }
    await this.runHooks(this.heartbeatHooks, {
      connectionId: call.connectionId,
      userId: call.userId,
      heartbeat,
      group,
      previousGroup,
    });
    return { result: { ConnectionId: call.connectionId, Authenticated: call.userId !== null, Group: group } };
  }

  /** A token in a hub payload may turn an anonymous connection into its user's connection. */
  private async applyToken(
    call: HubCall<ClientState>,
    token: string | null | undefined,
  ): Promise<HubMethodError | null> {
    if (token === undefined || token === null || token === '') return null;
    const fingerprint = tokenFingerprint(token);
    if (fingerprint === call.state.verifiedToken) return null;
    let identity: Awaited<ReturnType<Authenticate>>;
    try {
      identity = await this.authenticate(token);
    } catch (error) {
      this.logger.error({ err: error, connectionId: call.connectionId }, 'hub: authenticate failed');
      return HUB_METHOD_ERRORS.authUnavailable;
    }
    if (!identity) return HUB_METHOD_ERRORS.invalidToken;
    switch (await call.claim(identity)) {
      case 'other-user':
        return HUB_METHOD_ERRORS.otherUser;
      case 'closed':
        return HUB_METHOD_ERRORS.connectionClosed;
      case 'claimed':
        call.state.verifiedToken = fingerprint;
        return null;
    }
  }

  /** A failing hook is the hook's problem: it is logged and the invocation still completes. */
  private async runHooks<E>(hooks: Set<HubHook<E>>, event: E): Promise<void> {
    for (const hook of [...hooks]) {
      try {
        await hook(event);
      } catch (error) {
        this.logger.error({ err: error }, 'hub: hook failed');
      }
    }
  }
}
