import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';
import type { ClientConnection, Transport } from './connection';

/** Bytes queued in the kernel and ws for a socket before its reader counts as stuck. */
const MAX_WEBSOCKET_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long a closing WebSocket may take to answer our close frame. */
const WEBSOCKET_CLOSE_TIMEOUT_MS = 1000;

/** ws's own socket under a WebSocket (its `_socket`, not in its types). */
function netSocketOf(ws: WebSocket): Duplex | undefined {
  return (ws as unknown as { _socket?: Duplex })._socket;
}

/** Sockets whose writes of this turn are held (corked), to go out together when it ends. */
let corked: Duplex[] = [];

function uncorkAll(): void {
  const sockets = corked;
  corked = [];
  for (const socket of sockets) socket.uncork();
}

/**
 * The WebSocket transport is the socket itself: ws makes its sockets of this class (the
 * WebSocketServer's `WebSocket` option), so a connection costs no transport object or closure of
 * its own beside ws's. `conn` is set once the socket is attached to a hub connection.
 *
 * While the connection handles what its client sent, the frames written to its socket in the
 * same turn of the event loop (the synchronous code and the microtasks after it: a registration's
 * balance push, its completion and the Ack of it) go out in one write: the first corks the socket
 * and the end of the turn (process.nextTick) uncorks it, so a connect costs the kernel fewer
 * writes and the client fewer wake-ups. Nothing waits beyond the turn it was written in, and
 * pushes written outside a connection's own calls (a batch to many users) go out at once, so the
 * first of a batch does not wait for the last.
 */
export class WebSocketTransport extends WebSocket implements Transport {
  conn: ClientConnection | null = null;
  /** Told when the reader is stuck, before the socket is dropped; shared by every socket. */
  onStuck: ((transport: WebSocketTransport) => void) | null = null;

  get kind(): 'WebSockets' {
    return 'WebSockets';
  }

  write(frames: string): void {
    if (this.readyState !== this.OPEN) return;
    if (this.bufferedAmount > MAX_WEBSOCKET_BUFFERED_BYTES) {
      this.onStuck?.(this);
      this.abort();
      return;
    }
    const socket = this.conn?.draining === true ? netSocketOf(this) : undefined;
    if (socket !== undefined && socket.writableCorked === 0) {
      socket.cork();
      if (corked.length === 0) process.nextTick(uncorkAll);
      corked.push(socket);
    }
    this.send(frames);
  }

  /**
   * ws's receiver queues incoming chunks in an array that the first one grows to 17 slots (a
   * 152-byte store) and that then stays so for the socket's life, though nearly always empty:
   * after a message has been read, an empty queue is given a new array that holds no store, so an
   * idle connection does not keep one (the next chunk makes a short-lived one).
   */
  releaseReceiveQueue(): void {
    const receiver = (this as unknown as { _receiver?: { _buffers?: unknown[] } })._receiver;
    if (receiver?._buffers?.length === 0) receiver._buffers = [];
  }

  end(): void {
    if (this.readyState === this.CLOSED) return;
    this.close(1000);
    const timer = setTimeout(() => this.terminate(), WEBSOCKET_CLOSE_TIMEOUT_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  }

  /** Drops the socket without a closing handshake, as a failed network would. */
  abort(): void {
    this.terminate();
  }
}

/** Server-Sent Events: each write is one unnamed event whose data lines carry the frames. */
export class ServerSentEventsTransport implements Transport {
  readonly kind = 'ServerSentEvents' as const;

  constructor(private readonly response: ServerResponse) {}

  write(frames: string): void {
    if (this.response.writableEnded || this.response.destroyed) return;
    if (!frames.includes('\n') && !frames.includes('\r')) {
      this.response.write(`data: ${frames}\r\n\r\n`);
      return;
    }
    const lines = frames.split(/\r\n|\r|\n/);
    this.response.write(`${lines.map((line) => `data: ${line}\r\n`).join('')}\r\n`);
  }

  end(): void {
    if (!this.response.writableEnded) this.response.end();
  }
}

export type PollOutcome = { status: 200; body: string } | { status: 204 };

/**
 * Long polling: frames queue here until the client's next poll collects them. A poll waits up to
 * the poll timeout for something to arrive, and answers 204 once the connection has ended.
 */
export class LongPollingTransport implements Transport {
  readonly kind = 'LongPolling' as const;
  private queue: string[] = [];
  private waiting: { finish: (outcome: PollOutcome) => void; timer: NodeJS.Timeout } | null = null;
  private flushScheduled = false;
  private ended = false;
  private lastPollEndedAt: number;

  constructor(
    private readonly pollTimeoutMs: number,
    private readonly now: () => number,
  ) {
    this.lastPollEndedAt = now();
  }

  write(frames: string): void {
    if (this.ended) return;
    this.queue.push(frames);
    // Answer on the next turn so frames written together travel in one response.
    if (this.waiting && !this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        this.flush();
      });
    }
  }

  end(): void {
    this.ended = true;
    if (this.waiting) this.flush();
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  /** Null while a poll is waiting; otherwise when the last poll was answered or abandoned. */
  idleSince(): number | null {
    return this.waiting ? null : this.lastPollEndedAt;
  }

  poll(): Promise<PollOutcome> {
    // A newer poll replaces one still waiting (the client timed it out): the old one gets 204.
    this.finishWaiting({ status: 204 });
    if (this.queue.length > 0) return Promise.resolve(this.drain());
    if (this.ended) return Promise.resolve({ status: 204 });
    return new Promise<PollOutcome>((resolve) => {
      const timer = setTimeout(() => this.finishWaiting({ status: 200, body: '' }), this.pollTimeoutMs);
      this.waiting = { finish: resolve, timer };
    });
  }

  /** The client went away mid-poll: keep the queue for its next poll. */
  abandonPoll(): void {
    if (!this.waiting) return;
    clearTimeout(this.waiting.timer);
    this.waiting = null;
    this.lastPollEndedAt = this.now();
  }

  private flush(): void {
    if (!this.waiting) return;
    if (this.queue.length > 0) this.finishWaiting(this.drain());
    else if (this.ended) this.finishWaiting({ status: 204 });
  }

  private drain(): PollOutcome {
    const body = this.queue.join('');
    this.queue = [];
    return { status: 200, body };
  }

  private finishWaiting(outcome: PollOutcome): void {
    const waiting = this.waiting;
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.waiting = null;
    this.lastPollEndedAt = this.now();
    waiting.finish(outcome);
  }
}
