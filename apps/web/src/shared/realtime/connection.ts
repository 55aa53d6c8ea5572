/** The five states of section 4, named as the official client names them. */
export type ConnectionState = 'Disconnected' | 'Connecting' | 'Connected' | 'Disconnecting' | 'Reconnecting';

/** A hub message after parsing: `{ Code, Data }`. */
export interface HubMessage {
  Code: string;
  Data: unknown;
}

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

/** Accepts an object or its JSON text; anything else is not a hub message. */
export function parseHubMessage(raw: unknown): HubMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  }
  if (value == null || typeof value !== 'object') return null;
  const code = (value as { Code?: unknown }).Code;
  if (typeof code !== 'string' || code === '') return null;
  return { Code: code, Data: (value as { Data?: unknown }).Data };
}

/** The UserBalance payload, or null when the numbers are missing or not finite. */
export function parseUserBalance(message: HubMessage): { balance: number; exposure: number } | null {
  if (message.Code !== 'UserBalance' || message.Data == null || typeof message.Data !== 'object') return null;
  const { Balance, Exposure } = message.Data as { Balance?: unknown; Exposure?: unknown };
  const balance = typeof Balance === 'string' ? Number(Balance) : Balance;
  const exposure = typeof Exposure === 'string' ? Number(Exposure) : Exposure;
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return null;
  if (typeof exposure !== 'number' || !Number.isFinite(exposure)) return null;
  return { balance, exposure };
}
