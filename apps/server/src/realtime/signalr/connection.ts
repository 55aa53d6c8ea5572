import { isTrackable, MessageReader, ProtocolError, sequenceFrame } from './protocol';

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
  maxMessageBytes: number;
  replayBufferBytes: number;
  now: number;
}

/**
 * One logical hub connection, which outlives its sockets under stateful reconnect. Holds the
 * numbering and replay buffer of what the server sent, and the duplicate filter for what the
 * client sent.
 */
export class ClientConnection {
  readonly id: string;
  readonly token: string;
  readonly statefulOffered: boolean;
  userId: string | null;
  state: ConnectionState = 'new';
  stateSince: number;
  transport: Transport | null = null;
  transportKind: TransportKind | null = null;
  handshakeDone = false;
  /** True once the handshake asked for protocol version 2 over a negotiated stateful WebSocket. */
  stateful = false;
  /** Set when this connection is in the hub's id, user and group maps. */
  registered = false;
  lastReceivedAt: number;
  lastSentAt: number;
  readonly reader: MessageReader;
  readonly groups = new Set<string>();
  /** The sign-in sessions whose tokens opened or claimed this connection: revoking one closes it. */
  readonly sessionIds = new Set<string>();
  /** Incoming messages are handled one after another, as ASP.NET does by default. */
  inboundTail: Promise<void> = Promise.resolve();
  inboundPending = 0;

  private readonly replayBufferBytes: number;
  private sentCount = 0;
  private replay: { id: number; frame: string }[] = [];
  private replayHead = 0;
  private replayBytes = 0;
  private nextInboundId = 1;
  private latestInboundId = 0;
  private ackedInboundId = 0;

  constructor(init: ConnectionInit) {
    this.id = init.id;
    this.token = init.token;
    this.userId = init.userId;
    this.statefulOffered = init.statefulOffered;
    this.replayBufferBytes = init.replayBufferBytes;
    this.reader = new MessageReader(init.maxMessageBytes);
    this.stateSince = init.now;
    this.lastReceivedAt = init.now;
    this.lastSentAt = init.now;
  }

  /** A getter so checks after an await are not narrowed away by earlier ones. */
  get closed(): boolean {
    return this.state === 'closed';
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
    const pending = this.replay.slice(this.replayHead);
    const firstId = pending[0]?.id ?? this.sentCount + 1;
    transport.write(sequenceFrame(firstId) + pending.map((item) => item.frame).join(''));
    this.lastSentAt = now;
  }

  /**
   * Sends one or more frames. Trackable frames are numbered and kept until acknowledged when
   * the connection is stateful. Returns false when the replay buffer overflowed: the client is
   * not acknowledging, and the caller closes the connection.
   */
  send(frame: string, trackable: boolean, now: number): boolean {
    if (this.state === 'closed') return true;
    if (trackable && this.stateful) {
      this.sentCount += 1;
      this.replay.push({ id: this.sentCount, frame });
      this.replayBytes += frame.length;
      if (this.replayBytes > this.replayBufferBytes) return false;
    }
    if (this.state === 'active' && this.transport) {
      this.transport.write(frame);
      this.lastSentAt = now;
    }
    return true;
  }

  /** The client acknowledged every message up to and including sequenceId. */
  acknowledge(sequenceId: number): void {
    while (this.replayHead < this.replay.length) {
      const item = this.replay[this.replayHead];
      if (!item || item.id > sequenceId) break;
      this.replayBytes -= item.frame.length;
      this.replayHead += 1;
    }
    // Compact now and then instead of shifting on every acknowledgement.
    if (this.replayHead > 64 && this.replayHead * 2 > this.replay.length) {
      this.replay = this.replay.slice(this.replayHead);
      this.replayHead = 0;
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
    this.nextInboundId = sequenceId;
  }

  /** The id to acknowledge, when there is something new to acknowledge. */
  takeAck(): number | null {
    if (!this.stateful || this.latestInboundId === this.ackedInboundId) return null;
    this.ackedInboundId = this.latestInboundId;
    return this.latestInboundId;
  }

  get unacknowledgedBytes(): number {
    return this.replayBytes;
  }
}
