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
  token: string;
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
 * What stateful reconnect keeps of one connection: the numbering and the not yet acknowledged
 * frames of what the server sent, and the duplicate filter of what the client sent. Made only for
 * a connection whose handshake asked for it; the frames' array only once there is one to keep.
 */
class ReplayState {
  /** Numbered frames sent so far; the next gets sentCount + 1. */
  sentCount = 0;
  /** Frames not yet acknowledged, from index head: frames[i] carries id baseId + i. Null while none. */
  frames: string[] | null = null;
  baseId = 1;
  head = 0;
  bytes = 0;
  nextInboundId = 1;
  latestInboundId = 0;
  ackedInboundId = 0;

  constructor(readonly limitBytes: number) {}

  /** Numbers and keeps a frame; false once the unacknowledged bytes pass the limit. */
  keep(frame: string): boolean {
    this.sentCount += 1;
    if (this.frames === null) {
      this.frames = [];
      this.baseId = this.sentCount;
      this.head = 0;
    }
    this.frames.push(frame);
    this.bytes += frame.length;
    return this.bytes <= this.limitBytes;
  }

  acknowledge(sequenceId: number): void {
    const frames = this.frames;
    if (frames === null) return;
    while (this.head < frames.length && this.baseId + this.head <= sequenceId) {
      this.bytes -= frames[this.head]!.length;
      this.head += 1;
    }
    if (this.head === frames.length) {
      // Everything acknowledged: an idle connection keeps no array at all.
      this.frames = null;
      this.bytes = 0;
    } else if (this.head > 64 && this.head * 2 > frames.length) {
      // Compact now and then instead of shifting on every acknowledgement.
      this.frames = frames.slice(this.head);
      this.baseId += this.head;
      this.head = 0;
    }
  }

  /** Sequence with the id of the oldest unacknowledged frame, then every such frame in order. */
  replay(): string {
    const frames = this.frames;
    if (frames === null) return sequenceFrame(this.sentCount + 1);
    return sequenceFrame(this.baseId + this.head) + frames.slice(this.head).join('');
  }
}

/**
 * One logical hub connection, which outlives its sockets under stateful reconnect. It is what a
 * server holds per client, so everything beyond the few fields every connection needs is made
 * when first used: the groups, more than one sign-in session, the inbound queue, the replay state.
 */
export class ClientConnection<S = unknown> {
  readonly id: string;
  readonly token: string;
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
  private replayState: ReplayState | null = null;
  /** The sign-in sessions whose tokens opened or claimed this connection: one, several, or none. */
  private sessions: string | Set<string> | null = null;

  constructor(init: ConnectionInit) {
    this.id = init.id;
    this.token = init.token;
    this.userId = init.userId;
    if (init.statefulOffered) this.flags |= STATEFUL_OFFERED;
    this.stateSince = init.now;
    this.lastReceivedAt = init.now;
    this.lastSentAt = init.now;
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
    this.replayState = new ReplayState(replayBufferBytes);
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
    transport.write(this.replayState?.replay() ?? sequenceFrame(1));
    this.lastSentAt = now;
  }

  /**
   * Sends one or more frames. Trackable frames are numbered and kept until acknowledged when
   * the connection is stateful. Returns false when the replay buffer overflowed: the client is
   * not acknowledging, and the caller closes the connection.
   */
  send(frame: string, trackable: boolean, now: number): boolean {
    if (this.state === 'closed') return true;
    if (trackable && this.replayState !== null && !this.replayState.keep(frame)) return false;
    if (this.state === 'active' && this.transport) {
      this.transport.write(frame);
      this.lastSentAt = now;
    }
    return true;
  }

  /** The client acknowledged every message up to and including sequenceId. */
  acknowledge(sequenceId: number): void {
    this.replayState?.acknowledge(sequenceId);
  }

  /** Under stateful reconnect, false for a trackable message the server already processed. */
  acceptInbound(type: number): boolean {
    const replay = this.replayState;
    if (replay === null || !isTrackable(type)) return true;
    const id = replay.nextInboundId;
    replay.nextInboundId += 1;
    if (id <= replay.latestInboundId) return false;
    replay.latestInboundId = id;
    return true;
  }

  /** The client's Sequence after a reconnect: its next message carries this id. */
  resetInbound(sequenceId: number): void {
    const replay = this.replayState;
    if (sequenceId > (replay?.nextInboundId ?? 1)) {
      throw new ProtocolError('Sequence id is greater than the number of messages received');
    }
    if (replay !== null) replay.nextInboundId = sequenceId;
  }

  /** The id to acknowledge, when there is something new to acknowledge. */
  takeAck(): number | null {
    const replay = this.replayState;
    if (replay === null || replay.latestInboundId === replay.ackedInboundId) return null;
    replay.ackedInboundId = replay.latestInboundId;
    return replay.latestInboundId;
  }

  get unacknowledgedBytes(): number {
    return this.replayState?.bytes ?? 0;
  }

  /** Frames kept for replay (for tests and diagnostics). */
  get replayFrameCount(): number {
    const replay = this.replayState;
    return replay?.frames ? replay.frames.length - replay.head : 0;
  }
}
