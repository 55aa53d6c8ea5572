import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERRORS } from '@backlay/contract';
import type { Bus } from '../platform/bus';
import { ClientRegistration, newClientState } from './client-registration';
import { RealtimeHub, type HubSender } from './hub';
import { HubMethods } from './hub-methods';
import { registerSignalRHttp } from './signalr/http';
import { SignalRHub } from './signalr/hub';
import type { Authenticate, HubLogger } from './signalr/types';

export interface RealtimeHubOptions {
  /** Where the hub lives, e.g. '/notify'; negotiate is at `${path}/negotiate`. */
  path: string;
  bus: Bus;
  /** Verifies an access token; null for a wrong or expired one. */
  authenticate: Authenticate;
  /** Cross-origin callers whose Origin is echoed back (with credentials allowed). */
  isOriginAllowed(origin: string): boolean;
  logger?: HubLogger;
  keepAliveMs?: number;
  clientTimeoutMs?: number;
  reconnectGraceMs?: number;
  maxMessageBytes?: number;
  longPollTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  /** Un-acknowledged bytes a stateful connection may hold for replay before it is closed. */
  replayBufferBytes?: number;
  groupCommandTimeoutMs?: number;
  /** Names this hub's bus channels: `hub:{hubName}:…`. Defaults to the path without slashes. */
  hubName?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: HubSender;
  }
}

/**
 * Backlay's realtime hub: the SignalR protocol server (signalr/) with RegisterClient and
 * SendHeartbeat in its method table, typed pushes, and the API's error envelope on refused
 * requests. Decorates the instance with `hub`.
 */
async function realtimeHubPlugin(fastify: FastifyInstance, options: RealtimeHubOptions): Promise<void> {
  const path = options.path.replace(/\/+$/, '') || '/';
  const maxMessageBytes = options.maxMessageBytes ?? 32768;
  const logger: HubLogger = options.logger ?? fastify.log;
  const hubName = options.hubName ?? (path.replace(/^\/+/, '').replace(/\//g, ':') || 'hub');
  const signalr = new SignalRHub({
    bus: options.bus,
    channelPrefix: `hub:${hubName}:`,
    logger,
    newCallState: newClientState,
    keepAliveMs: options.keepAliveMs ?? 15000,
    clientTimeoutMs: options.clientTimeoutMs ?? 30000,
    reconnectGraceMs: options.reconnectGraceMs ?? 15000,
    maxMessageBytes,
    handshakeTimeoutMs: options.handshakeTimeoutMs ?? 15000,
    replayBufferBytes: options.replayBufferBytes ?? 1024 * 1024,
    groupCommandTimeoutMs: options.groupCommandTimeoutMs ?? 5000,
  });
  const methods = new HubMethods(signalr.methods);
  const registration = new ClientRegistration(methods, options.authenticate, logger);
  await signalr.start();
  fastify.decorate('hub', new RealtimeHub(signalr, methods, registration) as HubSender);
  await registerSignalRHttp(fastify, signalr, {
    path,
    authenticate: options.authenticate,
    isOriginAllowed: (origin) => options.isOriginAllowed(origin),
    logger,
    maxMessageBytes,
    longPollTimeoutMs: options.longPollTimeoutMs ?? 90000,
    errorBody: (code, message) => ({
      success: false,
      result: null,
      error: { code, message: message ?? ERRORS[code].message },
    }),
  });
}

/** The SignalR-protocol realtime hub as a Fastify plugin; decorates the instance with `hub`. */
export const realtimeHub = fp(realtimeHubPlugin, { name: 'realtime-hub', fastify: '5.x' });
