import { isTrackable, ProtocolError, sequenceFrame } from './protocol';

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** The server-to-client half of a transport. */
export interface Transport {
  readonly kind: TransportKind;
  /** Writes one or more complete frames. */
  write(frames: string): void;
  /** Ends the transport from the server side, after anything written has been flushed. */
  end(): void;
}

/**
 * new: negotiated, no transport yet. active: a transport is attached. detached: a stateful
 * WebSocket dropped and may come back within the grace period. closed: finished (kept a few
 * seconds so a long poll can still collect the Close frame).
 */
export type ConnectionState = 'new' | 'active' | 'detached' | 'closed';

export interface ConnectionInit {
  id: string;
  /**
   * The secret part of the connection token, which is the id followed by it; empty where the
   * token is the id itself (negotiate version 0).
   */
  secret: string;
  userId: string | null;
  statefulOffered: boolean;
  now: number;
}

const STATEFUL_OFFERED = 1;
const HANDSHAKE_DONE = 2;
const STATEFUL = 4;
const REGISTERED = 8;
const DRAINING = 16;

/**
 * The frames a stateful connection sent that the client has not acknowledged yet: made when the
 * first such frame is kept and dropped once every one is acknowledged, so an idle connection keeps
 * none. frames[i] carries the sequence id baseId + i; the ones before head are acknowledged.
 */
class UnackedFrames {
  frames: string[] = [];
  head = 0;
  bytes = 0;

  constructor(readonly baseId: number) {}
}

/**
 * One logical hub connection, which outlives its sockets under stateful reconnect. It is what a
 * server holds per client, so everything beyond the few fields every connection needs is made
 * when first used: the groups, more than one sign-in session, the inbound queue, the frames kept for replay.
 */
export class ClientConnection<S = unknown> {
  readonly id: string;
  private readonly secret: string;
  userId: string | null;
  state: ConnectionState = 'new';
  stateSince: number;
  transport: Transport | null = null;
  transportKind: TransportKind | null = null;
  lastReceivedAt: number;
  lastSentAt: number;
  /** The unterminated tail of what the client sent, waiting for the rest of its message. */
  pendingText = '';
  /** The groups this connection is in; null while none. */
  groups: Set<string> | null = null;
  /** Incoming messages waiting to be handled, one after another as ASP.NET does; null while none. */
  inbound: string[] | null = null;
  inboundPending = 0;
  /** The application's state of this connection (HubCall.state), made on the first hub call. */
  callState: S | undefined = undefined;

  /** The yes-or-no facts below, one bit each, in one small integer. */
  private flags = 0;
  // Stateful reconnect (protocol version 2), numbered in small integers on the connection itself
  // (an object of its own cost every such connection 96 bytes): numbered frames sent so far (the
  // next gets sentCount + 1), the id the client's next numbered message carries, the highest one
  // handled (a lower one is a duplicate after a reconnect), the highest acknowledged to the client,
  // the bytes that may wait unacknowledged, and those frames while there are any.
  private sentCount = 0;
  private nextInboundId = 1;
  private latestInboundId = 0;
  private ackedInboundId = 0;
  private replayLimitBytes = 0;
  private unacked: UnackedFrames | null = null;
  /** The sign-in sessions whose tokens opened or claimed this connection: one, several, or none. */
  private sessions: string | Set<string> | null = null;

  constructor(init: ConnectionInit) {
    this.id = init.id;
    this.secret = init.secret;
    this.userId = init.userId;
    if (init.statefulOffered) this.flags |= STATEFUL_OFFERED;
    this.stateSince = init.now;
    this.lastReceivedAt = init.now;
    this.lastSentAt = init.now;
  }

  /**
   * The connection token negotiate hands the client: the id, then the secret. The hub finds a
   * connection by the id at its start, so one map of connections serves both.
   */
  get token(): string {
    return this.id + this.secret;
  }

  /** Whether a token the hub found this connection by (its id at the start) is this connection's. */
  ownsToken(token: string): boolean {
    return token.length === this.id.length + this.secret.length && token.endsWith(this.secret);
  }

  /** Negotiate offered stateful reconnect (the client asked for it). */
  get statefulOffered(): boolean {
    return (this.flags & STATEFUL_OFFERED) !== 0;
  }

  /** The handshake was answered: messages other than the handshake may flow. */
  get handshakeDone(): boolean {
    return (this.flags & HANDSHAKE_DONE) !== 0;
  }
  set handshakeDone(value: boolean) {
    this.setFlag(HANDSHAKE_DONE, value);
  }

  /** True once the handshake asked for protocol version 2 over a negotiated stateful WebSocket. */
  get stateful(): boolean {
    return (this.flags & STATEFUL) !== 0;
  }

  /** Set when this connection is in the hub's id, user and group maps. */
  get registered(): boolean {
    return (this.flags & REGISTERED) !== 0;
  }
  set registered(value: boolean) {
    this.setFlag(REGISTERED, value);
  }

  /** True while the hub works through `inbound`. */
  get draining(): boolean {
    return (this.flags & DRAINING) !== 0;
  }
  set draining(value: boolean) {
    this.setFlag(DRAINING, value);
  }

  private setFlag(flag: number, value: boolean): void {
    this.flags = value ? this.flags | flag : this.flags & ~flag;
  }

  /** A getter so checks after an await are not narrowed away by earlier ones. */
  get closed(): boolean {
    return this.state === 'closed';
  }

  /** Notes a sign-in session whose token opened or claimed this connection. */
  addSession(sessionId: string): void {
    const sessions = this.sessions;
    if (sessions === null || sessions === sessionId) this.sessions = sessionId;
    else if (typeof sessions === 'string') this.sessions = new Set([sessions, sessionId]);
    else sessions.add(sessionId);
  }

  /** Whether a token of one of these sessions opened or claimed this connection. */
  inSessions(sessionIds: readonly string[]): boolean {
    const sessions = this.sessions;
    if (sessions === null) return false;
    if (typeof sessions === 'string') return sessionIds.includes(sessions);
    return sessionIds.some((id) => sessions.has(id));
  }

  /** The handshake asked for stateful reconnect (version 2) on a connection that may use it. */
  beginStateful(replayBufferBytes: number): void {
    this.flags |= STATEFUL;
    this.replayLimitBytes = replayBufferBytes;
  }

  attach(transport: Transport, now: number): void {
    this.transport = transport;
    this.transportKind = transport.kind;
    this.state = 'active';
    this.stateSince = now;
    this.lastReceivedAt = now;
    this.lastSentAt = now;
  }

  /** A stateful WebSocket dropped: keep buffering until it comes back or the grace ends. */
  detach(now: number): void {
    this.transport = null;
    this.state = 'detached';
    this.stateSince = now;
  }

  /**
   * A stateful client came back on a new socket: announce the id of the oldest message it has
   * not acknowledged, then replay everything from there, in order. The client drops what it
   * already processed.
   */
  resume(transport: Transport, now: number): void {
    this.attach(transport, now);
    const unacked = this.unacked;
    transport.write(
      unacked === null
        ? sequenceFrame(this.sentCount + 1)
        : sequenceFrame(unacked.baseId + unacked.head) + unacked.frames.slice(unacked.head).join(''),
    );
    this.lastSentAt = now;
  }

  /**
   * Sends one or more frames. Trackable frames are numbered and kept until acknowledged when
   * the connection is stateful. Returns false when the replay buffer overflowed: the client is
   * not acknowledging, and the caller closes the connection.
   */
  send(frame: string, trackable: boolean, now: number): boolean {
    if (this.state === 'closed') return true;
    if (trackable && this.stateful && !this.keep(frame)) return false;
    if (this.state === 'active' && this.transport) {
      this.transport.write(frame);
      this.lastSentAt = now;
    }
    return true;
  }

  /** Numbers and keeps a frame for replay; false once the unacknowledged bytes pass the limit. */
  private keep(frame: string): boolean {
    this.sentCount += 1;
    let unacked = this.unacked;
    if (unacked === null) {
      unacked = new UnackedFrames(this.sentCount);
      this.unacked = unacked;
    }
    unacked.frames.push(frame);
    unacked.bytes += frame.length;
    return unacked.bytes <= this.replayLimitBytes;
  }

  /** The client acknowledged every message up to and including sequenceId. */
  acknowledge(sequenceId: number): void {
    const unacked = this.unacked;
    if (unacked === null) return;
    const { frames } = unacked;
    while (unacked.head < frames.length && unacked.baseId + unacked.head <= sequenceId) {
      unacked.bytes -= frames[unacked.head]!.length;
      unacked.head += 1;
    }
    if (unacked.head === frames.length) {
      // Everything acknowledged: an idle connection keeps nothing.
      this.unacked = null;
    } else if (unacked.head > 64 && unacked.head * 2 > frames.length) {
      // Compact now and then instead of shifting on every acknowledgement.
      const rest = new UnackedFrames(unacked.baseId + unacked.head);
      rest.frames = frames.slice(unacked.head);
      rest.bytes = unacked.bytes;
      this.unacked = rest;
    }
  }

  /** Under stateful reconnect, false for a trackable message the server already processed. */
  acceptInbound(type: number): boolean {
    if (!this.stateful || !isTrackable(type)) return true;
    const id = this.nextInboundId;
    this.nextInboundId += 1;
    if (id <= this.latestInboundId) return false;
    this.latestInboundId = id;
    return true;
  }

  /** The client's Sequence after a reconnect: its next message carries this id. */
  resetInbound(sequenceId: number): void {
    if (sequenceId > this.nextInboundId) {
      throw new ProtocolError('Sequence id is greater than the number of messages received');
    }
    if (this.stateful) this.nextInboundId = sequenceId;
  }

  /** The id to acknowledge, when there is something new to acknowledge. */
  takeAck(): number | null {
    if (!this.stateful || this.latestInboundId === this.ackedInboundId) return null;
    this.ackedInboundId = this.latestInboundId;
    return this.latestInboundId;
  }

  get unacknowledgedBytes(): number {
    return this.unacked?.bytes ?? 0;
  }

  /** Frames kept for replay (for tests and diagnostics). */
  get replayFrameCount(): number {
    const unacked = this.unacked;
    return unacked === null ? 0 : unacked.frames.length - unacked.head;
  }
}
