// A lean HTTP/1.1 client for the load generators: one keep-alive connection per simulated player,
// one request at a time on it, as a browser or a provider's wallet client sends them. It is real
// HTTP over TCP to the real server; it only spends less of the shared machine's CPU than Node's
// http.Agent (no agent queueing, no IncomingMessage streams, no per-request header objects), so
// the measured server and database get the cores a remote client would leave them.
import net from 'node:net';

export interface HttpAnswer {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One keep-alive connection to host:port; `post` sends a request and answers its response. */
export class HttpConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private pending: { resolve: (a: HttpAnswer) => void; reject: (e: Error) => void } | null = null;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  private connect(): net.Socket {
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    const fail = (err: Error) => {
      this.socket = null;
      this.buffer = Buffer.alloc(0);
      const p = this.pending;
      this.pending = null;
      p?.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
    this.socket = socket;
    return socket;
  }

  post(path: string, headers: Record<string, string>, body: string): Promise<HttpAnswer> {
    if (this.pending) return Promise.reject(new Error('one request at a time on a connection'));
    const socket = this.socket ?? this.connect();
    let head = `POST ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise<HttpAnswer>((resolve, reject) => {
      this.pending = { resolve, reject };
      socket.write(`${head}\r\n${body}`);
    });
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.buffer.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.socket?.destroy(new Error('a response without content-length'));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffer.length < total) return;
    const body = this.buffer.toString('utf8', end + 4, total);
    this.buffer = this.buffer.subarray(total);
    const p = this.pending;
    this.pending = null;
    p?.resolve({ status, body });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}
