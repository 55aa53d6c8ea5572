/**
 * The realtime hub: a SignalR-protocol endpoint the web client reaches with the official
 * `@microsoft/signalr` client at HUB_PATH (routes.ts), per product spec section 7 and
 * ../shared/spec/realtime-protocol.md.
 */

/**
 * The version of Backlay's messages over the hub: the pushes of server-pushes.ts and the
 * invocations of client-invocations.ts. It is not sent (the wire is fixed by the spec); it names
 * the contract both sides build against, and realtime.test.ts fails when the wire shape changes
 * without it moving.
 */
export const REALTIME_PROTOCOL_VERSION = 3;

/** The one client method the server calls; every push travels as its single argument. */
export const HUB_CLIENT_METHOD = 'Message';

/** Section 9 constants, shared so the client and the server agree on them. */
export const REALTIME = {
  reconnectDelaysMs: [0, 2000, 10000, 30000],
  serverTimeoutMs: 30000,
  keepAliveMs: 15000,
  httpTimeoutMs: 100000,
  statefulReconnectBufferBytes: 100000,
  heartbeatIntervalMs: 20000,
} as const;
