import type { HubMessage, RealtimeConnection } from './connection';
import { getRealtimeConnection } from './registry';

export interface PageHubHandlers {
  onMessage(message: HubMessage): void;
  /** The connection came (back) up. */
  onConnected(): void;
  /** The connection dropped: Disconnected or Reconnecting. */
  onDropped(): void;
}

/**
 * A page's hold on the hub connection, for a feed that joins its page's group (the heartbeat's
 * GroupBy). The realtime client loads after the first paint, so the connection may arrive after
 * the page: `attach()` looks for it (call it again, e.g. on each poll) and, once it is there,
 * hands its pushes and state changes to the handlers. `close()` stops listening and leaves the
 * group: the heartbeat reads GroupBy from the page now on screen.
 */
export function pageHub(handlers: PageHubHandlers) {
  let connection: RealtimeConnection | null = null;
  let closed = false;
  const detach: (() => void)[] = [];
  return {
    /** Null until the realtime client has loaded and `attach()` found it. */
    get connection() {
      return connection;
    },
    /** Looks for the connection; true when this call attached to it (false when already attached, closed or still absent). */
    attach(): boolean {
      if (connection || closed) return false;
      connection = getRealtimeConnection();
      if (!connection) return false;
      detach.push(connection.onMessage(handlers.onMessage));
      detach.push(
        connection.onStateChange((state) => {
          if (state === 'Connected') handlers.onConnected();
          else if (state === 'Disconnected' || state === 'Reconnecting') handlers.onDropped();
        }),
      );
      return true;
    },
    /** Joins the page's group now (a heartbeat); a failure is logged under `label`. */
    join(label: string): Promise<void> | undefined {
      return connection
        ?.sendHeartbeat?.()
        .catch((error: unknown) => console.warn(`[${label}] join failed`, error));
    },
    close() {
      closed = true;
      for (const off of detach) off();
      if (connection?.state === 'Connected') void connection.sendHeartbeat?.().catch(() => undefined);
    },
  };
}
