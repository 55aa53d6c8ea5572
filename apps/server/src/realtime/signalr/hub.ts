import type { Bus, BusHandler } from '../../platform/bus';
import {
  CONNECTION_ID_LENGTH,
  decodeConnectionPush,
  decodePush,
  encodeConnectionPush,
  encodePush,
  hubChannels,
  newConnectionId,
  newServerId,
  parseGroupCommand,
  randomText,
  serverOfConnection,
  type GroupCommand,
} from './backplane';
import { ChannelRefs } from './channel-refs';
import { ClientConnection, type Transport } from './connection';
import { HubMethodTable, type HubCall, type HubMethodOutcome } from './method-table';
import {
  ackFrame,
  closeFrame,
  completionErrorFrame,
  completionFrame,
  handshakeErrorFrame,
  HANDSHAKE_OK_FRAME,
  invocationFrame,
  parseClientMessage,
  parseHandshake,
  PING_FRAME,
  ProtocolError,
  splitMessages,
  type ClientMessage,
} from './protocol';
import type { HubIdentity, HubLogger } from './types';

export interface SignalRHubOptions<S> {
  bus: Bus;
  /** Prefix of every bus channel of this hub, e.g. 'hub:notify:'. */
  channelPrefix: string;
  logger: HubLogger;
  /** The application's state of a new connection, handed to its hub methods (HubCall.state). */
  newCallState: () => S;
  keepAliveMs: number;
  clientTimeoutMs: number;
  reconnectGraceMs: number;
  maxMessageBytes: number;
  handshakeTimeoutMs: number;
  /** Un-acknowledged bytes kept for replay per stateful connection before it is closed. */
  replayBufferBytes: number;
  /** How long a remote addToGroup waits for the owning server to confirm. */
  groupCommandTimeoutMs: number;
  now?: () => number;
}

/**
 * Who a send reaches, on whichever server holds their connections; `localGroup` reaches only this
 * server's members of a group, without the backplane (for a push every server makes itself).
 */
export type HubAudience =
  | { all: true }
  | { user: string }
  | { group: string; except?: readonly string[] }
  | { connection: string }
  | { localGroup: string };

/** How long a closed connection stays findable so a long poll can collect its Close frame. */
const CLOSED_LINGER_MS = 5000;
/** Incoming messages waiting to be handled on one connection before it counts as abuse. */
const MAX_PENDING_INBOUND = 256;

/**
 * The server side of the SignalR protocol, knowing nothing of the application: connections and
 * their users and groups, the JSON hub protocol, stateful reconnect, keep-alive, and the backplane
 * over the `Bus`. An application adds hub methods to `methods` and sends with `send`.
 */
export class SignalRHub<S> {
  readonly serverId = newServerId();
  readonly methods = new HubMethodTable<S>();
  private readonly channels;
  /**
   * Milliseconds since this hub started: every time a connection keeps is on this clock, so it
   * stays a small integer (a tagged value in the object, not a boxed number of its own) for
   * about 24 days of uptime.
   */
  readonly now: () => number;
  /**
   * Every connection of this server by id, in any state (closed ones linger a few seconds): the
   * one map that finds a connection by its token too, as the token starts with the id. Those
   * that completed the handshake are `registered`, and counted.
   */
  private readonly byId = new Map<string, ClientConnection>();
  private registeredCount = 0;
  /** A user's local connections: the connection itself while it is the only one, a set beyond. */
  private readonly users = new Map<string, ClientConnection | Set<ClientConnection>>();
  private readonly groups = new Map<string, Set<ClientConnection>>();
  private readonly refs: ChannelRefs;
  /** Ends the one subscription of every user channel, when the bus offers one (subscribePrefix). */
  private unsubscribeUsers: (() => void) | null = null;
  /** Users whose channel is being subscribed, with the subscription to wait for. */
  private readonly userSubscribing = new Map<string, Promise<void>>();
  private readonly userChannelPrefixLength: number;
  private readonly pendingAcks = new Map<number, { resolve: () => void; timer: NodeJS.Timeout }>();
  private nextAckId = 1;
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopping = false;

  constructor(private readonly options: SignalRHubOptions<S>) {
    this.channels = hubChannels(options.channelPrefix);
    this.userChannelPrefixLength = this.channels.user('').length;
    const clock = options.now ?? Date.now;
    const epoch = clock();
    this.now = () => clock() - epoch;
    this.refs = new ChannelRefs(options.bus, options.logger);
  }

  async start(): Promise<void> {
    await this.refs.acquire(this.channels.all, '', (_, payload) => this.onPush(payload, this.byId.values()));
    await this.refs.acquire(this.channels.server(this.serverId), '', (_, payload) =>
      this.onConnectionPush(payload),
    );
    await this.refs.acquire(this.channels.groupCommands, '', (_, payload) => this.onGroupCommand(payload));
    await this.refs.acquire(this.channels.acks(this.serverId), '', (_, payload) => this.onAck(payload));
    // A bus of this process only takes every user's channel in one subscription: a user then
    // costs no bus entry, channel name or subscription of its own (over Redis, one channel each).
    this.unsubscribeUsers =
      this.options.bus.subscribePrefix?.(this.channels.user(''), this.onUserBusPush) ?? null;
    const { keepAliveMs, clientTimeoutMs, reconnectGraceMs } = this.options;
    const interval = Math.min(
      1000,
      Math.max(10, Math.min(keepAliveMs, clientTimeoutMs, reconnectGraceMs) / 5),
    );
    this.sweepTimer = setInterval(() => this.sweep(), interval);
    this.sweepTimer.unref();
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Every connection gets Close with allowReconnect so clients come back after a deploy. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    for (const conn of [...this.byId.values()]) {
      this.close(conn, { error: 'Server is shutting down', allowReconnect: true });
    }
    for (const pending of this.pendingAcks.values()) clearTimeout(pending.timer);
    this.pendingAcks.clear();
    this.unsubscribeUsers?.();
    this.unsubscribeUsers = null;
    await this.refs.releaseAll();
  }

  // ----- connections and transports -----

  createConnection(
    who: HubIdentity | null,
    statefulOffered: boolean,
    negotiateVersion: number,
  ): ClientConnection {
    const id = newConnectionId(this.serverId);
    // Negotiate version 0 has no separate secret: the id doubles as the token.
    const secret = negotiateVersion >= 1 ? randomText(16) : '';
    const conn = new ClientConnection({
      id,
      secret,
      userId: who?.userId ?? null,
      statefulOffered,
      now: this.now(),
    });
    if (who?.sessionId !== undefined) conn.addSession(who.sessionId);
    this.byId.set(id, conn);
    return conn;
  }

  findByToken(token: string): ClientConnection | undefined {
    if (token.length < CONNECTION_ID_LENGTH) return undefined;
    const conn = this.byId.get(token.slice(0, CONNECTION_ID_LENGTH));
    return conn !== undefined && conn.ownsToken(token) ? conn : undefined;
  }

  /** A connection of this server that completed its handshake and is not closed. */
  private registeredConnection(connectionId: string): ClientConnection | undefined {
    const conn = this.byId.get(connectionId);
    return conn?.registered === true ? conn : undefined;
  }

  attach(conn: ClientConnection, transport: Transport): void {
    if (conn.stateful && conn.state === 'active' && conn.transport) {
      // The client reconnected before this server noticed its old socket die.
      const old = conn.transport;
      conn.detach(this.now());
      old.end();
    }
    if (conn.state === 'detached' && conn.stateful) {
      conn.resume(transport, this.now());
      return;
    }
    conn.attach(transport, this.now());
  }

  /**
   * A request of this connection carried a valid token. An anonymous connection becomes the
   * user's; a connection of another user is refused. The token's session is noted before any
   * await, so a revocation heard from now on closes the connection.
   */
  async adoptUser(conn: ClientConnection, who: HubIdentity): Promise<boolean> {
    const { userId } = who;
    if (conn.userId !== null && conn.userId !== userId) return false;
    if (who.sessionId !== undefined) conn.addSession(who.sessionId);
    if (conn.userId !== null) return true;
    conn.userId = userId;
    if (conn.registered) await this.joinUser(conn, userId);
    return true;
  }

  /** The peer closed the transport (socket closed, SSE request ended). */
  transportClosed(conn: ClientConnection, transport: Transport): void {
    if (conn.transport !== transport || conn.state !== 'active') return;
    if (conn.stateful && !this.stopping) {
      conn.detach(this.now());
      return;
    }
    this.close(conn, { notify: false });
  }

  /**
   * Ends a connection. With notify (the default) the client receives a Close frame first. The
   * transport is ended and every subscription the connection held is released.
   */
  close(
    conn: ClientConnection,
    how: { error?: string; allowReconnect?: boolean; notify?: boolean } = {},
  ): void {
    if (conn.state === 'closed') return;
    const transport = conn.transport;
    if (transport && conn.state === 'active' && how.notify !== false) {
      transport.write(
        conn.handshakeDone
          ? closeFrame(how.error, how.allowReconnect ?? false)
          : handshakeErrorFrame(how.error ?? 'Connection closed'),
      );
    }
    conn.state = 'closed';
    conn.stateSince = this.now();
    transport?.end();
    this.unregister(conn);
  }

  /** Text arrived from the client on whatever transport it uses. */
  receive(conn: ClientConnection, text: string): void {
    if (conn.state !== 'active') return;
    conn.lastReceivedAt = this.now();
    let messages: string[];
    try {
      const split = splitMessages(conn.pendingText, text, this.options.maxMessageBytes);
      conn.pendingText = split.rest;
      messages = split.messages;
    } catch (error) {
      this.protocolFailure(conn, error);
      return;
    }
    if (messages.length === 0) return;
    conn.inboundPending += messages.length;
    if (conn.inboundPending > MAX_PENDING_INBOUND) {
      this.close(conn, { error: 'Too many messages waiting to be handled' });
      return;
    }
    if (conn.inbound === null) conn.inbound = messages;
    else for (const message of messages) conn.inbound.push(message);
    if (!conn.draining) {
      conn.draining = true;
      // Handled from the next microtask on, as a chained promise would, never inside the caller.
      void Promise.resolve(conn).then(this.drain);
    }
  }

  /** Handles a connection's queued messages one after another, then keeps no queue. */
  private readonly drain = async (conn: ClientConnection): Promise<void> => {
    try {
      for (let queue = conn.inbound; queue !== null; queue = conn.inbound) {
        conn.inbound = null;
        for (const message of queue) {
          conn.inboundPending -= 1;
          if (conn.state === 'closed') continue;
          try {
            await this.handleMessage(conn, message);
          } catch (error) {
            this.protocolFailure(conn, error);
          }
        }
      }
    } finally {
      conn.draining = false;
    }
  };

  private protocolFailure(conn: ClientConnection, error: unknown): void {
    if (error instanceof ProtocolError) {
      this.options.logger.debug({ connectionId: conn.id, reason: error.message }, 'hub: protocol error');
      this.close(conn, { error: error.message });
      return;
    }
    this.options.logger.error({ err: error, connectionId: conn.id }, 'hub: failed to handle a message');
    this.close(conn, { error: 'Connection closed with an error.' });
  }

  private async handleMessage(conn: ClientConnection, text: string): Promise<void> {
    if (!conn.handshakeDone) {
      await this.handshake(conn, text);
      return;
    }
    const message = parseClientMessage(text);
    if (!conn.acceptInbound(message.type)) return;
    switch (message.type) {
      case 1:
        await this.invoke(conn, message);
        return;
      case 4:
        this.sendFrame(
          conn,
          completionErrorFrame(message.invocationId, `The hub method '${message.target}' does not stream.`),
          true,
        );
        return;
      case 2:
      case 3:
        // The server never invokes client methods expecting results nor accepts upload streams.
        throw new ProtocolError('Unexpected stream item or completion from the client');
      case 5:
      case 6:
        return;
      case 7:
        this.close(conn, { notify: false });
        return;
      case 8:
        conn.acknowledge(message.sequenceId);
        return;
      case 9:
        conn.resetInbound(message.sequenceId);
        return;
    }
  }

  private async handshake(conn: ClientConnection, text: string): Promise<void> {
    const request = parseHandshake(text);
    if (request.protocol !== 'json') {
      throw new ProtocolError(`Requested protocol '${request.protocol}' is not available.`);
    }
    if (request.version < 1 || request.version > 2) {
      throw new ProtocolError(
        `The server does not support version ${request.version} of the 'json' protocol.`,
      );
    }
    if (request.version === 2 && conn.statefulOffered && conn.transportKind === 'WebSockets') {
      conn.beginStateful(this.options.replayBufferBytes);
    }
    try {
      await this.register(conn);
    } catch (error) {
      this.options.logger.error(
        { err: error, connectionId: conn.id },
        'hub: could not register a connection',
      );
      throw new ProtocolError('The server could not register the connection');
    }
    if (conn.state !== 'active' && conn.state !== 'detached') {
      this.unregister(conn);
      return;
    }
    conn.handshakeDone = true;
    this.writeRaw(conn, HANDSHAKE_OK_FRAME);
  }

  /**
   * Subscribes the bus channels the connection needs before it becomes reachable, so once the
   * client has its handshake answer no message addressed to it can be missed. Pushes to the
   * connection itself come on the server's channel, subscribed once at start.
   */
  private async register(conn: ClientConnection): Promise<void> {
    conn.registered = true;
    this.registeredCount += 1;
    if (conn.userId !== null) await this.joinUser(conn, conn.userId);
  }

  private unregister(conn: ClientConnection): void {
    if (!conn.registered) return;
    conn.registered = false;
    this.registeredCount -= 1;
    if (conn.userId !== null) this.leaveUser(conn, conn.userId);
    if (conn.groups !== null) for (const group of [...conn.groups]) this.leaveGroup(conn, group);
  }

  /**
   * The user's channel is subscribed while the user has a local connection: the users map is its
   * count, so a user costs no entry of its own beside it. The first connection subscribes; others
   * arriving meanwhile wait for the same subscription (userSubscribing, kept only until then).
   */
  private async joinUser(conn: ClientConnection, userId: string): Promise<void> {
    const local = this.users.get(userId);
    if (local instanceof Set) local.add(conn);
    else if (local !== undefined && local !== conn) this.users.set(userId, new Set([local, conn]));
    else if (local === undefined) {
      this.users.set(userId, conn);
      if (this.unsubscribeUsers === null && !this.userSubscribing.has(userId)) this.subscribeUser(userId);
    }
    const subscribing = this.userSubscribing.get(userId);
    if (subscribing !== undefined) await subscribing;
  }

  private subscribeUser(userId: string): void {
    const channel = this.channels.user(userId);
    const subscribing = this.options.bus.subscribe(channel, this.onUserBusPush).then(
      (unsubscribe) => {
        this.userSubscribing.delete(userId);
        // Everyone left while it subscribed: nobody wants it any more.
        if (!this.users.has(userId)) this.unsubscribeUser(channel, unsubscribe);
      },
      (error: unknown) => {
        this.userSubscribing.delete(userId);
        throw error;
      },
    );
    this.userSubscribing.set(userId, subscribing);
    // Whoever waits for it hears a failure; nobody need for the process to see it unhandled.
    subscribing.catch(() => undefined);
  }

  private leaveUser(conn: ClientConnection, userId: string): void {
    const local = this.users.get(userId);
    if (local === conn) this.users.delete(userId);
    else if (local instanceof Set && local.delete(conn)) {
      if (local.size === 1) this.users.set(userId, local.values().next().value!);
    }
    // The last one left; while still subscribing, subscribeUser's continuation unsubscribes.
    if (this.users.has(userId) || this.userSubscribing.has(userId) || this.unsubscribeUsers !== null) return;
    const channel = this.channels.user(userId);
    this.unsubscribeUser(channel, () => this.options.bus.unsubscribe(channel, this.onUserBusPush));
  }

  private unsubscribeUser(channel: string, unsubscribe: () => Promise<void>): void {
    unsubscribe().catch((error: unknown) =>
      this.options.logger.warn({ err: error, channel }, 'hub: unsubscribe failed'),
    );
  }

  /** Every user channel's pushes, told apart by the channel's name. */
  private readonly onUserBusPush = (payload: string, channel: string): void => {
    this.onUserPush(channel.slice(this.userChannelPrefixLength), payload);
  };

  private readonly onUserPush = (userId: string, payload: string): void => {
    const local = this.users.get(userId);
    if (local instanceof Set) {
      this.onPush(payload, local);
      return;
    }
    const push = local && decodePush(payload);
    if (push && !push.excluded.includes(local.id)) this.sendPushFrame(local, push.frame);
  };

  private async joinGroup(conn: ClientConnection, group: string): Promise<void> {
    if (conn.groups?.has(group) || conn.state === 'closed') return;
    (conn.groups ??= new Set()).add(group);
    let set = this.groups.get(group);
    if (!set) {
      set = new Set();
      this.groups.set(group, set);
    }
    set.add(conn);
    await this.refs.acquire(this.channels.group(group), group, this.onGroupPush);
  }

  private leaveGroup(conn: ClientConnection, group: string): void {
    if (!conn.groups?.delete(group)) return;
    if (conn.groups.size === 0) conn.groups = null;
    const set = this.groups.get(group);
    if (set?.delete(conn) && set.size === 0) this.groups.delete(group);
    this.refs.release(this.channels.group(group));
  }

  private readonly onGroupPush = (group: string, payload: string): void => {
    const local = this.groups.get(group);
    if (local) this.onPush(payload, local);
  };

  // ----- writing -----

  private writeRaw(conn: ClientConnection, frame: string): void {
    conn.send(frame, false, this.now());
  }

  private sendFrame(conn: ClientConnection, frame: string, trackable: boolean): void {
    if (!conn.send(frame, trackable, this.now())) {
      this.options.logger.warn(
        { connectionId: conn.id, bytes: conn.unacknowledgedBytes },
        'hub: replay buffer exceeded, closing',
      );
      this.close(conn, { error: 'The client did not acknowledge messages in time.', allowReconnect: true });
      return;
    }
    // What the client sent since the last Ack is acknowledged now, in the same write as this
    // frame (the transport sends one turn's frames together), instead of by a write of its own at
    // the next sweep: a stateful RegisterClient is acknowledged with its completion.
    const ack = conn.takeAck();
    if (ack !== null) this.writeRaw(conn, ackFrame(ack));
  }

  private onPush(payload: string, targets: Iterable<ClientConnection>): void {
    const push = decodePush(payload);
    if (!push) return;
    for (const conn of [...targets]) {
      if (!conn.handshakeDone || conn.state === 'closed') continue;
      if (push.excluded.length > 0 && push.excluded.includes(conn.id)) continue;
      this.sendFrame(conn, push.frame, true);
    }
  }

  /** A push to one connection of this server, from the server's channel. */
  private onConnectionPush(payload: string): void {
    const push = decodeConnectionPush(payload);
    const conn = push && this.registeredConnection(push.connectionId);
    if (conn) this.sendPushFrame(conn, push.frame);
  }

  private sendPushFrame(conn: ClientConnection, frame: string): void {
    if (conn.handshakeDone && conn.state !== 'closed') this.sendFrame(conn, frame, true);
  }

  // ----- hub methods -----

  private async invoke(conn: ClientConnection, message: Extract<ClientMessage, { type: 1 }>): Promise<void> {
    const { invocationId, target } = message;
    const reply = (outcome: HubMethodOutcome) => {
      // An invocation without an id is fire-and-forget: it never gets an answer.
      if (invocationId === undefined) return;
      const frame =
        'error' in outcome
          ? completionErrorFrame(invocationId, outcome.error)
          : completionFrame(invocationId, outcome.result);
      this.sendFrame(conn, frame, true);
    };
    if (message.streamIds) {
      reply({ error: `The hub method '${target}' does not accept streams.` });
      return;
    }
    const method = this.methods.find(target);
    if (!method) {
      reply({ error: `Unknown hub method '${target}'` });
      return;
    }
    reply(await method(this.callOf(conn), message.arguments));
  }

  private callOf(conn: ClientConnection): HubCall<S> {
    let state = conn.callState as S | undefined;
    if (state === undefined) {
      state = this.options.newCallState();
      conn.callState = state;
    }
    return new ConnectionCall(this.callHost, conn, state);
  }

  /** What every call reaches of this hub, made once (a call then holds no closures of its own). */
  private readonly callHost: CallHost = {
    adoptUser: (conn, who) => this.adoptUser(conn, who),
    joinGroup: (conn, group) => this.joinGroup(conn, group),
    leaveGroup: (conn, group) => this.leaveGroup(conn, group),
  };

  // ----- timers -----

  private sweep(): void {
    const now = this.now();
    const { keepAliveMs, clientTimeoutMs, reconnectGraceMs, handshakeTimeoutMs } = this.options;
    for (const conn of [...this.byId.values()]) {
      const age = now - conn.stateSince;
      switch (conn.state) {
        case 'closed':
          if (age > CLOSED_LINGER_MS) this.byId.delete(conn.id);
          break;
        case 'new':
          // Negotiated but never connected: it had as long as a handshake may take.
          if (age > handshakeTimeoutMs) this.close(conn, { notify: false });
          break;
        case 'detached':
          if (age > reconnectGraceMs) this.close(conn, { notify: false });
          break;
        case 'active': {
          if (!conn.handshakeDone) {
            if (age > handshakeTimeoutMs) this.close(conn, { error: 'Handshake was not received in time.' });
            break;
          }
          if (conn.transportKind === 'LongPolling') {
            // Long polling keeps itself alive by polling; a client that stops polling is gone.
            const idle =
              (conn.transport as { idleSince?: () => number | null } | null)?.idleSince?.() ?? null;
            if (idle !== null && now - idle > reconnectGraceMs) this.close(conn, { notify: false });
          } else if (now - conn.lastReceivedAt > clientTimeoutMs) {
            this.close(conn, { error: 'Client timeout elapsed without a message from the client.' });
            break;
          }
          const ack = conn.takeAck();
          if (ack !== null) this.writeRaw(conn, ackFrame(ack));
          if (conn.transportKind !== 'LongPolling' && now - conn.lastSentAt >= keepAliveMs) {
            this.writeRaw(conn, PING_FRAME);
          }
          break;
        }
      }
    }
  }

  // ----- what the application uses -----

  /** Every connection this server holds, in any state. */
  connections(): IterableIterator<ClientConnection> {
    return this.byId.values();
  }

  /** Connections that completed the handshake on this server. */
  connectionCount(): number {
    return this.registeredCount;
  }

  /**
   * Closes, on this server only, every connection a token of one of these sessions opened or
   * claimed: Close with the reason and no reconnect. Answers how many were closed.
   */
  closeSessions(sessionIds: readonly string[], reason: string): number {
    if (sessionIds.length === 0) return 0;
    let closed = 0;
    // Every connection, not only registered ones: one negotiated but not yet connected closes too.
    for (const conn of [...this.byId.values()]) {
      if (conn.state === 'closed' || !conn.inSessions(sessionIds)) continue;
      this.close(conn, { error: reason, allowReconnect: false });
      closed += 1;
    }
    return closed;
  }

  /**
   * False when a send to the audience would provably reach nobody, so the caller need not make
   * the message: no local connection or group member, and a bus that knows nobody else subscribes
   * (the in-process bus knows; over Redis another server may hold them, so it answers true).
   */
  mayReach(audience: HubAudience): boolean {
    if ('connection' in audience) {
      if (this.registeredConnection(audience.connection)) return true;
      const server = serverOfConnection(audience.connection);
      if (server === null || server === this.serverId) return false;
      return this.busMayDeliver(this.channels.server(server));
    }
    if ('localGroup' in audience) return this.groups.has(audience.localGroup);
    // A local member is an audience whatever the bus; without one, ask the bus about the others.
    if ('user' in audience) {
      return (
        this.users.has(audience.user) ||
        this.busMayDeliver(this.channels.user(audience.user), this.onUserBusPush)
      );
    }
    if ('group' in audience) {
      return this.groups.has(audience.group) || this.busMayDeliver(this.channels.group(audience.group));
    }
    return this.registeredCount > 0 || this.busMayDeliver(this.channels.all);
  }

  /**
   * Whether a publish on the channel may reach another server's connections. Asked only where
   * this server holds no member, so it is not itself subscribed, except to `all`, which every
   * server subscribes at start (that one stays reachable, true, as the bus cannot say more), and
   * to every user channel at once on a bus that offers it: `own` is that subscription, left out.
   */
  private busMayDeliver(channel: string, own?: BusHandler): boolean {
    const { bus } = this.options;
    return bus.hasSubscribers === undefined || bus.hasSubscribers(channel, own);
  }

  /**
   * Invokes the client method `target` with `args` on every connection of the audience. The
   * frame is serialised once, here, and travels the bus as it goes on the wire. Nothing is made
   * or published for an audience that provably has nobody (mayReach).
   */
  async send(audience: HubAudience, target: string, args: readonly unknown[]): Promise<void> {
    if (!this.mayReach(audience)) return;
    const frame = invocationFrame(target, args);
    if ('connection' in audience) {
      const local = this.registeredConnection(audience.connection);
      if (local) {
        this.sendPushFrame(local, frame);
        return;
      }
      // Another server's connection: its id names the server, whose channel carries it there.
      const server = serverOfConnection(audience.connection);
      if (server === null || server === this.serverId) return;
      await this.options.bus.publish(
        this.channels.server(server),
        encodeConnectionPush(audience.connection, frame),
      );
      return;
    }
    if ('localGroup' in audience) {
      const local = this.groups.get(audience.localGroup);
      if (local) this.onPush(encodePush([], frame), local);
      return;
    }
    const channel =
      'user' in audience
        ? this.channels.user(audience.user)
        : 'group' in audience
          ? this.channels.group(audience.group)
          : this.channels.all;
    const excluded = 'group' in audience ? (audience.except ?? []) : [];
    await this.options.bus.publish(channel, encodePush(excluded, frame));
  }

  /** Resolves once the connection is in the group on the server that holds it. */
  async addToGroup(connectionId: string, group: string): Promise<void> {
    await this.groupCommand('add', connectionId, group);
  }

  async removeFromGroup(connectionId: string, group: string): Promise<void> {
    await this.groupCommand('remove', connectionId, group);
  }

  private async groupCommand(op: 'add' | 'remove', connectionId: string, group: string): Promise<void> {
    const local = this.registeredConnection(connectionId);
    if (local) {
      if (op === 'add') await this.joinGroup(local, group);
      else this.leaveGroup(local, group);
      return;
    }
    // Another server may hold the connection: ask every server, wait for the owner to confirm.
    const ackId = this.nextAckId++;
    const confirmed = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pendingAcks.delete(ackId);
        reject(new Error(`Connection ${connectionId} was not found on any server`));
      }, this.options.groupCommandTimeoutMs);
      timer.unref();
      this.pendingAcks.set(ackId, { resolve, timer });
    });
    const command: GroupCommand = { op, connectionId, group, serverId: this.serverId, ackId };
    await this.options.bus.publish(this.channels.groupCommands, JSON.stringify(command));
    await confirmed;
  }

  private onGroupCommand(payload: string): void {
    const command = parseGroupCommand(payload);
    if (!command || command.serverId === this.serverId) return;
    const conn = this.registeredConnection(command.connectionId);
    if (!conn) return;
    const done = () =>
      this.options.bus
        .publish(this.channels.acks(command.serverId), String(command.ackId))
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'hub: could not acknowledge'));
    if (command.op === 'add') {
      this.joinGroup(conn, command.group).then(done, (error: unknown) =>
        this.options.logger.warn({ err: error }, 'hub: remote addToGroup failed'),
      );
    } else {
      this.leaveGroup(conn, command.group);
      void done();
    }
  }

  private onAck(payload: string): void {
    const ackId = Number(payload);
    const pending = this.pendingAcks.get(ackId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pendingAcks.delete(ackId);
    pending.resolve();
  }
}

/** The hub's side of a call's connection: its user and its groups. */
interface CallHost {
  adoptUser(conn: ClientConnection, who: HubIdentity): Promise<boolean>;
  joinGroup(conn: ClientConnection, group: string): Promise<void>;
  leaveGroup(conn: ClientConnection, group: string): void;
}

/**
 * What a hub method sees of its connection, one per invocation: three fields, its getters and
 * methods on the prototype (an object literal with getters and arrow functions made seven functions
 * and a context for every call, heartbeats included).
 */
class ConnectionCall<S> implements HubCall<S> {
  constructor(
    private readonly host: CallHost,
    private readonly conn: ClientConnection,
    readonly state: S,
  ) {}

  get connectionId(): string {
    return this.conn.id;
  }

  get userId(): string | null {
    return this.conn.userId;
  }

  get closed(): boolean {
    return this.conn.closed;
  }

  async claim(identity: HubIdentity): Promise<'claimed' | 'other-user' | 'closed'> {
    const { conn } = this;
    if (conn.userId !== null && conn.userId !== identity.userId) return 'other-user';
    if (conn.closed) return 'closed';
    await this.host.adoptUser(conn, identity);
    return 'claimed';
  }

  joinGroup(group: string): Promise<void> {
    return this.host.joinGroup(this.conn, group);
  }

  leaveGroup(group: string): void {
    this.host.leaveGroup(this.conn, group);
  }
}
