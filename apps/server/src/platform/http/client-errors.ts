import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (an address and headers over the
 * 16 KB limit, a malformed request line or header, a request that never finished arriving) answer
 * the envelope too, not Node's bare text: 431 HEADERS_TOO_LARGE or 400 BAD_REQUEST. The connection
 * is closed after the answer, as Node does.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has gone: there is no one to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('HEADERS_TOO_LARGE')
      : new AppError('BAD_REQUEST', 'The request could not be read.');
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ success: false, result: null, error: error.toBody() });
    socket.write(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
