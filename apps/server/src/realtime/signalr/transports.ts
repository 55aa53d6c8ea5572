import type { ServerResponse } from 'node:http';
import { WebSocket } from 'ws';
import type { ClientConnection, Transport } from './connection';

/** Bytes queued in the kernel and ws for a socket before its reader counts as stuck. */
const MAX_WEBSOCKET_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long a closing WebSocket may take to answer our close frame. */
const WEBSOCKET_CLOSE_TIMEOUT_MS = 1000;

/**
 * The WebSocket transport is the socket itself: ws makes its sockets of this class (the
 * WebSocketServer's `WebSocket` option), so a connection costs no transport object or closure of
 * its own beside ws's. `conn` is set once the socket is attached to a hub connection.
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
    this.send(frames);
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
