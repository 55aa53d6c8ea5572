import { randomFillSync } from 'node:crypto';

/**
 * Bus channels and payloads of the hub, laid out much as ASP.NET's Redis backplane does: one
 * channel for everyone, one per user and group, plus internal channels for group commands and
 * their acknowledgements. Where ASP.NET subscribes one channel per connection, a push to one
 * connection goes to the channel of the server holding it, named by the connection id's first
 * characters: a server subscribes once, not once per client.
 */
export interface HubChannels {
  all: string;
  /** Pushes to single connections of the server with this id. */
  server(serverId: string): string;
  user(userId: string): string;
  group(group: string): string;
  groupCommands: string;
  acks(serverId: string): string;
}

export function hubChannels(prefix: string): HubChannels {
  return {
    all: `${prefix}all`,
    server: (serverId) => `${prefix}server:${serverId}`,
    user: (userId) => `${prefix}user:${userId}`,
    group: (group) => `${prefix}group:${group}`,
    groupCommands: `${prefix}internal:groups`,
    acks: (serverId) => `${prefix}internal:ack:${serverId}`,
  };
}

/** Random base64url text from `bytes` random bytes, cut from a pool filled a few KiB at a time. */
const randomPool = Buffer.allocUnsafe(4096);
let randomOffset = randomPool.length;
export function randomText(bytes: number): string {
  if (randomOffset + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const text = randomPool.toString('base64url', randomOffset, randomOffset + bytes);
  randomOffset += bytes;
  return text;
}

/** A server's id: 9 random bytes, 12 base64url characters, which begin each of its connection ids. */
export const SERVER_ID_LENGTH = 12;
export const CONNECTION_ID_LENGTH = SERVER_ID_LENGTH + 16;

export function newServerId(): string {
  return randomText(9);
}

/** A connection id: its server's id, then 12 random bytes (16 characters). */
export function newConnectionId(serverId: string): string {
  return serverId + randomText(12);
}

/** The server holding a connection, read from its id; null for an id no server of ours made. */
export function serverOfConnection(connectionId: string): string | null {
  return connectionId.length === CONNECTION_ID_LENGTH ? connectionId.slice(0, SERVER_ID_LENGTH) : null;
}

/**
 * A push travels as the excluded connection ids, a newline, and the frame exactly as it goes on
 * the wire, so receiving servers write it to sockets without parsing it. Connection ids are
 * base64url and contain neither commas nor newlines.
 */
export function encodePush(excluded: readonly string[], frame: string): string {
  return `${excluded.join(',')}\n${frame}`;
}

export function decodePush(payload: string): { excluded: string[]; frame: string } | null {
  const newline = payload.indexOf('\n');
  if (newline < 0) return null;
  const head = payload.slice(0, newline);
  return { excluded: head.length === 0 ? [] : head.split(','), frame: payload.slice(newline + 1) };
}

/** A push to one connection, on its server's channel: the connection id, a newline, the frame. */
export function encodeConnectionPush(connectionId: string, frame: string): string {
  return `${connectionId}\n${frame}`;
}

export function decodeConnectionPush(payload: string): { connectionId: string; frame: string } | null {
  const newline = payload.indexOf('\n');
  if (newline < 0) return null;
  return { connectionId: payload.slice(0, newline), frame: payload.slice(newline + 1) };
}

export interface GroupCommand {
  op: 'add' | 'remove';
  connectionId: string;
  group: string;
  serverId: string;
  ackId: number;
}

export function parseGroupCommand(payload: string): GroupCommand | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const v = value as Record<string, unknown>;
    if (
      (v.op === 'add' || v.op === 'remove') &&
      typeof v.connectionId === 'string' &&
      typeof v.group === 'string' &&
      typeof v.serverId === 'string' &&
      typeof v.ackId === 'number'
    ) {
      return { op: v.op, connectionId: v.connectionId, group: v.group, serverId: v.serverId, ackId: v.ackId };
    }
    return null;
  } catch {
    return null;
  }
}
