import type { Bus } from '../../platform/bus';
import type { HubLogger } from './types';

/**
 * One shared bus subscription. `ready` is set while the bus subscribes; `unsubscribe` once it has.
 * A server may hold one per local user and group, so it keeps nothing more.
 */
interface ChannelRef {
  count: number;
  ready: Promise<void> | null;
  unsubscribe: (() => Promise<void>) | null;
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

  /**
   * Counts one more interest in the channel and resolves once it is subscribed. The first
   * subscribes, delivering each payload to `handler` with `key`, so callers share one handler
   * for every channel of a kind instead of making a function each time.
   */
  async acquire(channel: string, key: string, handler: KeyedHandler): Promise<void> {
    let ref = this.refs.get(channel);
    if (!ref) {
      const created: ChannelRef = { count: 0, ready: null, unsubscribe: null };
      this.refs.set(channel, created);
      created.ready = this.bus
        .subscribe(channel, (payload) => handler(key, payload))
        .then(
          (unsubscribe) => {
            created.ready = null;
            // Released while subscribing: nobody wants it any more.
            if (this.refs.get(channel) === created) created.unsubscribe = unsubscribe;
            else this.unsubscribe(channel, unsubscribe);
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
    if (ref.unsubscribe) this.unsubscribe(channel, ref.unsubscribe);
  }

  async releaseAll(): Promise<void> {
    const refs = [...this.refs.values()];
    this.refs.clear();
    await Promise.allSettled(
      refs.map(async (ref) => {
        if (ref.unsubscribe) await ref.unsubscribe();
        else await ref.ready;
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
