/**
 * The SignalR JSON hub protocol, server side: framing with the 0x1E record separator, the
 * handshake, and the message types (HubProtocol.md in the ASP.NET Core repository).
 */
export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

/** A peer broke the protocol; the connection ends with a Close carrying this message. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

export type ClientMessage =
  | { type: 1; invocationId?: string; target: string; arguments: unknown[]; streamIds?: string[] }
  | { type: 2; invocationId: string }
  | { type: 3; invocationId: string }
  | { type: 4; invocationId: string; target: string; arguments: unknown[] }
  | { type: 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string; allowReconnect?: boolean }
  | { type: 8; sequenceId: number }
  | { type: 9; sequenceId: number };

/** Only these message types carry sequence ids under stateful reconnect. */
export function isTrackable(type: number): boolean {
  return type >= MessageType.Invocation && type <= MessageType.CancelInvocation;
}

export const HANDSHAKE_OK_FRAME = `{}${RECORD_SEPARATOR}`;
export const PING_FRAME = `{"type":6}${RECORD_SEPARATOR}`;

export function handshakeErrorFrame(error: string): string {
  return JSON.stringify({ error }) + RECORD_SEPARATOR;
}

export function invocationFrame(target: string, args: readonly unknown[]): string {
  return JSON.stringify({ type: MessageType.Invocation, target, arguments: args }) + RECORD_SEPARATOR;
}

export function completionFrame(invocationId: string, result: unknown): string {
  const message =
    result === undefined
      ? { type: MessageType.Completion, invocationId }
      : { type: MessageType.Completion, invocationId, result };
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export function completionErrorFrame(invocationId: string, error: string): string {
  return JSON.stringify({ type: MessageType.Completion, invocationId, error }) + RECORD_SEPARATOR;
}

export function closeFrame(error: string | undefined, allowReconnect: boolean): string {
  const message: { type: 7; error?: string; allowReconnect?: boolean } = { type: MessageType.Close };
  if (error !== undefined) message.error = error;
  if (allowReconnect) message.allowReconnect = true;
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export function ackFrame(sequenceId: number): string {
  return `{"type":8,"sequenceId":${sequenceId}}${RECORD_SEPARATOR}`;
}

export function sequenceFrame(sequenceId: number): string {
  return `{"type":9,"sequenceId":${sequenceId}}${RECORD_SEPARATOR}`;
}

/**
 * Splits incoming text into complete messages. A message may span several transport frames, so
 * the unterminated tail (`pending`, what the last call left) waits for the next chunk; neither it
 * nor any single message may exceed the limit. Answers the messages, and the new tail in `rest`.
 */
export function splitMessages(
  pending: string,
  chunk: string,
  maxMessageBytes: number,
): { messages: string[]; rest: string } {
  const parts = (pending.length === 0 ? chunk : pending + chunk).split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  if (rest.length * 3 > maxMessageBytes && Buffer.byteLength(rest) > maxMessageBytes) {
    throw new ProtocolError(`Message exceeds the maximum of ${maxMessageBytes} bytes`);
  }
  for (const part of parts) {
    // Length first: byteLength is at most 3 bytes per UTF-16 unit, so most messages skip it.
    if (part.length * 3 > maxMessageBytes && Buffer.byteLength(part) > maxMessageBytes) {
      throw new ProtocolError(`Message exceeds the maximum of ${maxMessageBytes} bytes`);
    }
  }
  return { messages: parts, rest };
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ProtocolError('Message is not valid JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('Message is not a JSON object');
  }
  return value as Record<string, unknown>;
}

export interface HandshakeRequest {
  protocol: string;
  version: number;
}

/** Parses the first message; the error text goes back to the client in the handshake response. */
export function parseHandshake(text: string): HandshakeRequest {
  const message = parseJsonObject(text);
  if (typeof message.protocol !== 'string') {
    throw new ProtocolError('Expected a handshake request with a protocol');
  }
  if (typeof message.version !== 'number' || !Number.isInteger(message.version)) {
    throw new ProtocolError('Expected a handshake request with an integer version');
  }
  return { protocol: message.protocol, version: message.version };
}

function requireString(message: Record<string, unknown>, key: string): string {
  const value = message[key];
  if (typeof value !== 'string' || value.length === 0) {
    throw new ProtocolError(`Message type ${String(message.type)} needs a non-empty string '${key}'`);
  }
  if (value.length > 256) throw new ProtocolError(`'${key}' is too long`);
  return value;
}

function requireSequenceId(message: Record<string, unknown>): number {
  const value = message.sequenceId;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new ProtocolError(`Message type ${String(message.type)} needs an integer 'sequenceId'`);
  }
  return value;
}

function requireArguments(message: Record<string, unknown>): unknown[] {
  const value = message.arguments ?? [];
  if (!Array.isArray(value)) throw new ProtocolError("'arguments' must be an array");
  return value;
}

export function parseClientMessage(text: string): ClientMessage {
  const message = parseJsonObject(text);
  switch (message.type) {
    case MessageType.Invocation: {
      const target = requireString(message, 'target');
      const args = requireArguments(message);
      const result: ClientMessage = { type: 1, target, arguments: args };
      if (message.invocationId !== undefined && message.invocationId !== null) {
        result.invocationId = requireString(message, 'invocationId');
      }
      if (Array.isArray(message.streamIds) && message.streamIds.length > 0) {
        result.streamIds = message.streamIds.map(String);
      }
      return result;
    }
    case MessageType.StreamItem:
      return { type: 2, invocationId: requireString(message, 'invocationId') };
    case MessageType.Completion:
      return { type: 3, invocationId: requireString(message, 'invocationId') };
    case MessageType.StreamInvocation:
      return {
        type: 4,
        invocationId: requireString(message, 'invocationId'),
        target: requireString(message, 'target'),
        arguments: requireArguments(message),
      };
    case MessageType.CancelInvocation:
      return { type: 5, invocationId: requireString(message, 'invocationId') };
    case MessageType.Ping:
      return { type: 6 };
    case MessageType.Close: {
      const result: ClientMessage = { type: 7 };
      if (typeof message.error === 'string') result.error = message.error;
      if (message.allowReconnect === true) result.allowReconnect = true;
      return result;
    }
    case MessageType.Ack:
      return { type: 8, sequenceId: requireSequenceId(message) };
    case MessageType.Sequence:
      return { type: 9, sequenceId: requireSequenceId(message) };
    default:
      throw new ProtocolError(`Unknown message type ${JSON.stringify(message.type ?? null)}`);
  }
}
