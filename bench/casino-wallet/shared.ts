// What the casino-wallet benchmark's server and client agree on.
export const PROVIDER = 'dream';
/** The provider's wallet secret, given to the forked server as CASINO_DREAM_SECRET (32+ characters). */
export const SECRET = 'bench-casino-dream-secret-0123456789abcdef';
/** Each player's funds: ₹1 crore, in paise. */
export const FUNDING_PAISE = 1_000_000_000;

export interface ServerStats {
  wallMs: number;
  userCpuMs: number;
  systemCpuMs: number;
}
export interface BenchPlayer {
  userId: number;
  casinoToken: string;
}
export type ServerMessage =
  { type: 'ready'; port: number; players: BenchPlayer[] } | { type: 'stats'; stats: ServerStats };
