import { z } from 'zod';
import { HUB_CLIENT_METHOD, ServerPushSchema, type ServerPush, type ServerPushWire } from '@backlay/contract';
import type {
  ClientRegisteredEvent,
  ClientRegistration,
  ClientState,
  HeartbeatEvent,
  HubHook,
} from './client-registration';
import type { HubMethods } from './hub-methods';
import type { HubAudience, SignalRHub } from './signalr/hub';

export type { Authenticate, HubIdentity, HubLogger } from './signalr/types';
export type { ClientRegisteredEvent, HeartbeatEvent, HubHook } from './client-registration';

/** A push that does not match the contract's ServerPush: it is refused, never sent. */
export class PushRefusedError extends Error {
  override name = 'PushRefusedError';
  constructor(
    readonly code: unknown,
    readonly issues: z.ZodError['issues'],
  ) {
    super(
      `The ${String(code)} push does not match the contract: ` +
        issues
          .slice(0, 5)
          .map((issue) => `${issue.path.map(String).join('.') || '(push)'}: ${issue.message}`)
          .join('; '),
    );
  }
}

/**
 * A push as it goes on the wire: encoded with the contract's schema (money codecs turn into wire
 * rupees here), or PushRefusedError when it does not match.
 */
export function encodeServerPush(push: ServerPush): ServerPushWire {
  const encoded = z.safeEncode(ServerPushSchema, push);
  if (!encoded.success) throw new PushRefusedError(push.Code, encoded.error.issues);
  return encoded.data;
}

/** What RealtimeHub encodes pushes with: an object, so a test can count the encodes (vi.spyOn). */
export const pushEncoder = { encode: encodeServerPush };

/**
 * What the rest of the server uses to reach clients, whichever server holds their connection.
 * Every push is a contract ServerPush, sent through the client method `Message`; a malformed one
 * rejects with PushRefusedError and reaches nobody. A push to an audience that provably has
 * nobody (no local member, and a bus that knows no other server listens) is dropped unmade.
 */
export interface HubSender {
  sendToUser(userId: string, push: ServerPush): Promise<void>;
  sendToGroup(group: string, push: ServerPush): Promise<void>;
  sendToGroupExcept(group: string, excludedConnectionIds: readonly string[], push: ServerPush): Promise<void>;
  /**
   * To this server's members of the group only, not through the backplane: for a push each server
   * makes itself (its own view changed, as when it stops hearing the feed), so nobody gets it twice.
   */
  sendToLocalGroup(group: string, push: ServerPush): Promise<void>;
  sendToAll(push: ServerPush): Promise<void>;
  sendToConnection(connectionId: string, push: ServerPush): Promise<void>;
  /** Resolves once the connection is in the group on the server that holds it. */
  addToGroup(connectionId: string, group: string): Promise<void>;
  removeFromGroup(connectionId: string, group: string): Promise<void>;
  /** Connections that completed the handshake on this server. */
  connectionCount(): number;
  /**
   * Closes, on this server only, every connection a token of one of these sessions opened or
   * claimed: Close with the reason and no reconnect. Answers how many were closed. Each server
   * hears a revocation itself, so nothing goes on the bus.
   */
  closeSessions(sessionIds: readonly string[], reason: string): number;
  /** The hub methods clients may invoke: a feature registers its handler here. */
  readonly methods: HubMethods<ClientState>;
  /** Runs after a RegisterClient succeeded; returns a function that removes the hook. */
  onClientRegistered(hook: HubHook<ClientRegisteredEvent>): () => void;
  /** Runs after a SendHeartbeat succeeded, e.g. to send an odds snapshot to a new page group. */
  onHeartbeat(hook: HubHook<HeartbeatEvent>): () => void;
}

/** Backlay's hub: the typed pushes and hub methods over the protocol server. */
export class RealtimeHub implements HubSender {
  constructor(
    private readonly signalr: SignalRHub<ClientState>,
    readonly methods: HubMethods<ClientState>,
    private readonly registration: ClientRegistration,
  ) {}

  /**
   * A push nobody can receive is neither encoded nor framed (so it is not refused either): at
   * start-up the feed replays thousands of changes to groups nobody has joined yet, and an idle
   * server hears every change of the feed.
   */
  private async push(audience: HubAudience, push: ServerPush): Promise<void> {
    if (!this.signalr.mayReach(audience)) return;
    await this.signalr.send(audience, HUB_CLIENT_METHOD, [pushEncoder.encode(push)]);
  }

  sendToUser(userId: string, push: ServerPush): Promise<void> {
    return this.push({ user: userId }, push);
  }

  sendToGroup(group: string, push: ServerPush): Promise<void> {
    return this.push({ group }, push);
  }

  sendToGroupExcept(
    group: string,
    excludedConnectionIds: readonly string[],
    push: ServerPush,
  ): Promise<void> {
    return this.push({ group, except: excludedConnectionIds }, push);
  }

  sendToLocalGroup(group: string, push: ServerPush): Promise<void> {
    return this.push({ localGroup: group }, push);
  }

  sendToAll(push: ServerPush): Promise<void> {
    return this.push({ all: true }, push);
  }

  sendToConnection(connectionId: string, push: ServerPush): Promise<void> {
    return this.push({ connection: connectionId }, push);
  }

  addToGroup(connectionId: string, group: string): Promise<void> {
    return this.signalr.addToGroup(connectionId, group);
  }

  removeFromGroup(connectionId: string, group: string): Promise<void> {
    return this.signalr.removeFromGroup(connectionId, group);
  }

  connectionCount(): number {
    return this.signalr.connectionCount();
  }

  closeSessions(sessionIds: readonly string[], reason: string): number {
    return this.signalr.closeSessions(sessionIds, reason);
  }

  onClientRegistered(hook: HubHook<ClientRegisteredEvent>): () => void {
    return this.registration.onClientRegistered(hook);
  }

  onHeartbeat(hook: HubHook<HeartbeatEvent>): () => void {
    return this.registration.onHeartbeat(hook);
  }
}
