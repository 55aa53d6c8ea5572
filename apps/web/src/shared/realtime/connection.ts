import { ServerPushSchema, type ServerPush, type UserBalance } from '@backlay/contract';

/** The five states of section 4, named as the official client names them. */
export type ConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

/**
 * A push from the hub after parsing: the contract's ServerPush (`{ Code, Data }`, told apart by
 * Code), so a consumer narrows on Code and gets its Data typed.
 */
export type HubMessage = ServerPush;

export interface ClientInfo {
  Browser: string;
  Domain: string;
  CurrentPage: string;
  Token: string;
}

/**
 * The realtime connection as the rest of the app sees it, so tests and other transports can
 * stand in for the SignalR implementation.
 */
export interface RealtimeConnection {
  readonly state: ConnectionState;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Drop and start again, registering anew (after login or a failed heartbeat). */
  restart(): Promise<void>;
  onMessage(handler: (message: HubMessage) => void): () => void;
  onStateChange(handler: (state: ConnectionState) => void): () => void;
  /**
   * Sends a heartbeat now (with the current page's GroupBy), so a page joins or leaves its hub
   * group at once, also for a visitor without a token. Resolves without sending while not connected.
   */
  sendHeartbeat?(): Promise<void>;
}

/**
 * Parses what arrived through `Message`, an object or its JSON text, with the contract's
 * ServerPush schema; anything else (an unknown Code, a Data that does not match) is null, and the
 * connection logs and ignores it.
 */
export function parseHubMessage(raw: unknown): HubMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  }
  const parsed = ServerPushSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The balance, exposure and bonus balance of a UserBalance push (already parsed), or null for any other push. */
export function parseUserBalance(message: HubMessage): {
  balance: UserBalance['Balance'];
  exposure: UserBalance['Exposure'];
  /** Absent from a backend without bonuses: undefined, the header then shows none. */
  bonus: UserBalance['BonusBalance'];
} | null {
  if (message.Code !== 'UserBalance') return null;
  return { balance: message.Data.Balance, exposure: message.Data.Exposure, bonus: message.Data.BonusBalance };
}
