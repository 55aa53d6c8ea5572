import type { Bus } from '../../platform/bus';
import type { HubLogger } from './types';

/**
 * One shared bus subscription; `ready` is set while the bus subscribes. A server may hold one per
 * local group, so it keeps nothing more: no function of its own.
 */
interface ChannelRef {
  count: number;
  key: string;
  handler: KeyedHandler;
  ready: Promise<void> | null;
}

/** A handler of several channels, told which one (the key given on acquire) a payload came on. */
export type KeyedHandler = (key: string, payload: string) => void;

/** Reference-counted bus subscriptions: the first interested party subscribes, the last leaves. */
export class ChannelRefs {
  private readonly refs = new Map<string, ChannelRef>();

  constructor(
    private readonly bus: Bus,
    private readonly logger: HubLogger,
  ) {}

  /** Every channel's payloads come here, to the handler and key of the channel's entry. */
  private readonly deliver = (payload: string, channel: string): void => {
    const ref = this.refs.get(channel);
    if (ref !== undefined) ref.handler(ref.key, payload);
  };

  /**
   * Counts one more interest in the channel and resolves once it is subscribed. The first
   * subscribes, delivering each payload to `handler` with `key`, so callers share one handler
   * for every channel of a kind instead of making a function each time.
   */
  async acquire(channel: string, key: string, handler: KeyedHandler): Promise<void> {
    let ref = this.refs.get(channel);
    if (!ref) {
      const created: ChannelRef = { count: 0, key, handler, ready: null };
      this.refs.set(channel, created);
      created.ready = this.bus.subscribe(channel, this.deliver).then(
        (unsubscribe) => {
          created.ready = null;
          // Released while subscribing: nobody wants this subscription any more.
          if (this.refs.get(channel) !== created) this.unsubscribe(channel, unsubscribe);
        },
        (error: unknown) => {
          created.ready = null;
          if (this.refs.get(channel) === created) this.refs.delete(channel);
          throw error;
        },
      );
      ref = created;
    }
    ref.count += 1;
    if (ref.ready !== null) await ref.ready;
  }

  release(channel: string): void {
    const ref = this.refs.get(channel);
    if (!ref) return;
    ref.count -= 1;
    if (ref.count > 0) return;
    this.refs.delete(channel);
    // Still subscribing: acquire's continuation sees the entry gone and unsubscribes.
    if (ref.ready === null) this.unsubscribe(channel, () => this.bus.unsubscribe(channel, this.deliver));
  }

  async releaseAll(): Promise<void> {
    const refs = [...this.refs];
    this.refs.clear();
    await Promise.allSettled(
      refs.map(async ([channel, ref]) => {
        if (ref.ready !== null) await ref.ready;
        else await this.bus.unsubscribe(channel, this.deliver);
      }),
    );
  }

  get size(): number {
    return this.refs.size;
  }

  private unsubscribe(channel: string, unsubscribe: () => Promise<void>): void {
    unsubscribe().catch((error: unknown) =>
      this.logger.warn({ err: error, channel }, 'hub: unsubscribe failed'),
    );
  }
}
