// What the bet benchmark's server and client agree on.
export const MARKET_COUNT = 16;
export const RUNNERS = [
  { id: 1, name: 'Home', back: [2.0], lay: [2.02] },
  { id: 2, name: 'Away', back: [2.0], lay: [2.02] },
];

/**
 * Resting orders (issue 13) ask a price not offered, so they rest unmatched: backs on Home at 2.10
 * (best back 2.00), lays on Away at 1.90 (best lay 2.02). After the run the server moves the prices
 * to CROSSED, which reaches every resting order, and the feed owner matches them.
 */
export const RESTING = { back: { runnerId: 1, rate: 2.1 }, lay: { runnerId: 2, rate: 1.9 } };
export const CROSSED = [
  { runnerId: 1, back: [2.1], lay: [2.12] },
  { runnerId: 2, back: [1.88], lay: [1.9] },
];

export interface ServerStats {
  wallMs: number;
  userCpuMs: number;
  systemCpuMs: number;
}
export type ServerMessage =
  | { type: 'ready'; port: number; tokens: string[] }
  | { type: 'stats'; stats: ServerStats }
  | { type: 'crossed' };
