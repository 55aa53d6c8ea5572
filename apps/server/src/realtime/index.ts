/*
 * The realtime feature's public entry: the hub plugin the app registers, and the sender features
 * push through. The generic SignalR server (signalr/) is realtime's own and is not exported.
 */
export type { HubLogger, HubSender } from './hub';
export { realtimeHub, type RealtimeHubOptions } from './plugin';
