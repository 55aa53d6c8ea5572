export interface HubLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Who a verified token speaks for. `sessionId` names the sign-in session the token belongs to, so
 * the connections it opened or claimed can be closed when that session is revoked.
 */
export interface HubIdentity {
  userId: string;
  sessionId?: string;
}

/** Verifies an access token: its identity, or null for a wrong or expired one. */
export type Authenticate = (token: string) => Promise<HubIdentity | null>;
