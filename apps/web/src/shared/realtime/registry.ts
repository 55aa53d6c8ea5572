import type { RealtimeConnection } from './connection';

/** The one realtime connection of the app; tests install their own before the app starts. */
let current: RealtimeConnection | null = null;

export function setRealtimeConnection(connection: RealtimeConnection): void {
  current = connection;
}

export function getRealtimeConnection(): RealtimeConnection | null {
  return current;
}

/** Login and failed heartbeats restart; with no connection installed there is nothing to do. */
export async function restartRealtime(): Promise<void> {
  await current?.restart();
}
