import { OperatorRoleSchema } from '@backlay/contract';
import { z } from 'zod';
import { create } from 'zustand';

/**
 * The signed-in operator. Kept in sessionStorage, not localStorage: an operator's session ends with
 * the browser tab's, and a token never outlives it in another tab. The server gives no refresh
 * token: a token lasts 15 minutes and is renewed while the operator works (use-session-renewal.ts).
 */
export const SESSION_STORAGE_KEY = 'backlay.operator.session';

const StoredSessionSchema = z.object({
  accessToken: z.string().min(1),
  /** Epoch milliseconds: when the token stops working. */
  expiresAt: z.number().int(),
  operator: z.object({ userName: z.string(), role: OperatorRoleSchema, domainId: z.number().int() }),
});
export type OperatorSession = z.infer<typeof StoredSessionSchema>;

function readStored(now: number): OperatorSession | null {
  try {
    const raw = window.sessionStorage.getItem(SESSION_STORAGE_KEY);
    if (raw == null) return null;
    const parsed = StoredSessionSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || parsed.data.expiresAt <= now) {
      window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

interface SessionState {
  session: OperatorSession | null;
  /** Why the last session ended, shown on the sign-in page (null after a sign-out by hand). */
  endedBecause: string | null;
  signIn: (session: OperatorSession) => void;
  signOut: () => void;
  /** The server no longer takes the token (a 401), or it ran out here: back to sign-in with why. */
  expire: (reason: string) => void;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Sign in again to continue.';

export const useSession = create<SessionState>((set) => ({
  session: readStored(Date.now()),
  endedBecause: null,
  signIn: (session) => {
    window.sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
    set({ session, endedBecause: null });
  },
  signOut: () => {
    window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
    set({ session: null, endedBecause: null });
  },
  expire: (reason) => {
    window.sessionStorage.removeItem(SESSION_STORAGE_KEY);
    set({ session: null, endedBecause: reason });
  },
}));

/** Reads the tab's stored session again (tests, and a store made before sessionStorage was filled). */
export function reloadSessionFromStorage(): void {
  useSession.setState({ session: readStored(Date.now()), endedBecause: null });
}

export function accessToken(): string | null {
  return useSession.getState().session?.accessToken ?? null;
}
