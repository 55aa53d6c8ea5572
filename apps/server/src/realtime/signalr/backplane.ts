/**
 * Bus channels and payloads of the hub, as ASP.NET's Redis backplane lays them out: one channel
 * for everyone, one per connection, user and group, plus internal channels for group commands
 * and their acknowledgements.
 */
export interface HubChannels {
  all: string;
  connection(connectionId: string): string;
  user(userId: string): string;
  group(group: string): string;
  groupCommands: string;
  acks(serverId: string): string;
}

export function hubChannels(prefix: string): HubChannels {
  return {
    all: `${prefix}all`,
    connection: (connectionId) => `${prefix}connection:${connectionId}`,
    user: (userId) => `${prefix}user:${userId}`,
    group: (group) => `${prefix}group:${group}`,
    groupCommands: `${prefix}internal:groups`,
    acks: (serverId) => `${prefix}internal:ack:${serverId}`,
  };
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
