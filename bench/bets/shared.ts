// What the bet benchmark's server and client agree on.
export const MARKET_COUNT = 16;
export const RUNNERS = [
  { id: 1, name: 'Home', back: [2.0], lay: [2.02] },
  { id: 2, name: 'Away', back: [2.0], lay: [2.02] },
];

export interface ServerStats {
  wallMs: number;
  userCpuMs: number;
  systemCpuMs: number;
}
export type ServerMessage =
  { type: 'ready'; port: number; tokens: string[] } | { type: 'stats'; stats: ServerStats };
