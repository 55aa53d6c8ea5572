import type { HubConnection } from '@microsoft/signalr';
import { z } from 'zod';
import { ClientInvocationSchema, HUB_CLIENT_METHOD, type ClientInvocation } from '@backlay/contract';
import { HEARTBEAT_INTERVAL_MS, REALTIME } from '../config/constants';
import type { ClientInfo, ConnectionState, HubMessage, RealtimeConnection } from './connection';
import { parseHubMessage } from './connection';

export interface SignalRConnectionOptions {
  hubUrl: () => string;
  accessToken: () => string | null;
  clientInfo: () => ClientInfo;
  /** The group the current page listens to (an event id), or ''. */
  groupBy: () => string;
  log?: (message: string, detail?: unknown) => void;
}

/** Invokes a hub method as the contract types it: encoded with its schema, then sent. */
async function invokeHub(connection: HubConnection, invocation: ClientInvocation): Promise<unknown> {
  const wire = z.encode(ClientInvocationSchema, invocation);
  return connection.invoke(wire.target, ...wire.arguments);
}

/**
 * The realtime connection over the official @microsoft/signalr client with the section 9
 * constants. The client library loads on first start, so it stays off the initial bundle.
 *
 * Section 4 and 8: a failed RegisterClient or heartbeat restarts the connection and registers
 * again. So does a connection that could not start, or that closed while wanted (the client
 * library's own reconnects, 0, 2, 10 and 30 s, gave up): restarts follow the same delays, then
 * every 30 s, for as long as the page is open, until a registration succeeds.
 */
export class SignalRConnection implements RealtimeConnection {
  private connection: HubConnection | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private currentState: ConnectionState = 'Disconnected';
  private readonly messageHandlers = new Set<(m: HubMessage) => void>();
  private readonly stateHandlers = new Set<(s: ConnectionState) => void>();
  private starting: Promise<void> | null = null;
  private stopped = true;
  /** Restarts tried since the last successful registration; picks the next delay. */
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: SignalRConnectionOptions) {}

  get state(): ConnectionState {
    return this.currentState;
  }

  private log(message: string, detail?: unknown) {
    (this.options.log ?? ((m: string, d?: unknown) => console.warn(`[realtime] ${m}`, d ?? '')))(
      message,
      detail,
    );
  }

  private setState(state: ConnectionState) {
    if (state === this.currentState) return;
    this.currentState = state;
    for (const handler of this.stateHandlers) handler(state);
  }

  onMessage(handler: (message: HubMessage) => void): () => void {
    this.messageHandlers.add(handler);
    return () => this.messageHandlers.delete(handler);
  }

  onStateChange(handler: (state: ConnectionState) => void): () => void {
    this.stateHandlers.add(handler);
    return () => this.stateHandlers.delete(handler);
  }

  private async build(): Promise<HubConnection> {
    const signalR = await import('@microsoft/signalr');
    const connection = new signalR.HubConnectionBuilder()
      .withUrl(this.options.hubUrl(), {
        accessTokenFactory: () => this.options.accessToken() ?? '',
        timeout: REALTIME.httpTimeoutMs,
      })
      .withAutomaticReconnect([...REALTIME.retryDelaysMs])
      .withServerTimeout(REALTIME.serverTimeoutMs)
      .withKeepAliveInterval(REALTIME.keepAliveMs)
      .withStatefulReconnect({ bufferSize: REALTIME.statefulBufferBytes })
      .configureLogging(signalR.LogLevel.None)
      .build();
    // A handler registered with on() must not return a value.
    connection.on(HUB_CLIENT_METHOD, (raw: unknown) => {
      const message = parseHubMessage(raw);
      if (!message) {
        this.log('ignored an unparseable message', raw);
        return;
      }
      for (const handler of this.messageHandlers) {
        try {
          handler(message);
        } catch (error) {
          this.log('a message handler failed', error);
        }
      }
    });
    // An old connection, dropped by a restart, has nothing more to say.
    connection.onreconnecting(() => {
      if (connection === this.connection) this.setState('Reconnecting');
    });
    connection.onreconnected(() => {
      if (connection !== this.connection) return;
      this.setState('Connected');
      void this.register(connection);
    });
    connection.onclose((error) => {
      if (connection !== this.connection) return;
      this.stopHeartbeat();
      this.setState('Disconnected');
      this.log('connection closed', error);
      this.restartLater();
    });
    return connection;
  }

  private async register(connection: HubConnection): Promise<void> {
    try {
      await invokeHub(connection, { target: 'RegisterClient', arguments: [this.options.clientInfo()] });
    } catch (error) {
      if (connection !== this.connection) return;
      this.log('RegisterClient failed; restarting', error);
      this.restartLater();
      return;
    }
    if (connection !== this.connection) return;
    this.failures = 0;
    this.startHeartbeat(connection);
  }

  /**
   * Restarts after the next of the retry delays (0, 2, 10, 30 s, then 30 s again and again), unless
   * the connection is stopped or a restart is already waiting.
   */
  private restartLater(): void {
    if (this.stopped || this.retry !== null) return;
    const delays = REALTIME.retryDelaysMs;
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 0;
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.stopped) void this.restart();
    }, delay);
  }

  private cancelRestart(): void {
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
  }

  private startHeartbeat(connection: HubConnection) {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (!this.options.accessToken() || connection !== this.connection) return;
      invokeHub(connection, { target: 'SendHeartbeat', arguments: [this.heartbeatArgument()] }).catch(
        (error: unknown) => {
          if (connection !== this.connection) return;
          this.log('SendHeartbeat failed; restarting', error);
          this.restartLater();
        },
      );
    }, HEARTBEAT_INTERVAL_MS);
  }

  async sendHeartbeat(): Promise<void> {
    const connection = this.connection;
    if (!connection || this.currentState !== 'Connected') return;
    await invokeHub(connection, { target: 'SendHeartbeat', arguments: [this.heartbeatArgument()] });
  }

  private heartbeatArgument() {
    return { ...this.options.clientInfo(), GroupBy: this.options.groupBy() };
  }

  private stopHeartbeat() {
    if (this.heartbeat != null) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  async start(): Promise<void> {
    this.stopped = false;
    if (this.starting) return this.starting;
    if (this.connection && this.currentState !== 'Disconnected') return;
    this.starting = (async () => {
      this.setState('Connecting');
      try {
        const connection = await this.build();
        this.connection = connection;
        await connection.start();
        if (this.stopped || connection !== this.connection) {
          await connection.stop();
          return;
        }
        this.setState('Connected');
        await this.register(connection);
      } catch (error) {
        this.setState('Disconnected');
        this.log('could not connect', error);
        this.restartLater();
      } finally {
        this.starting = null;
      }
    })();
    return this.starting;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelRestart();
    this.stopHeartbeat();
    const connection = this.connection;
    this.connection = null;
    if (!connection) return;
    this.setState('Disconnecting');
    try {
      await connection.stop();
    } catch (error) {
      this.log('stop failed', error);
    }
    this.setState('Disconnected');
  }

  async restart(): Promise<void> {
    if (this.starting) await this.starting;
    await this.stop();
    await this.start();
  }
}
