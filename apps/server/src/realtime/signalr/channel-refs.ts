import type { Bus } from '../../platform/bus';
import type { HubLogger } from './types';

/** Reference-counted bus subscriptions: the first interested party subscribes, the last leaves. */
export class ChannelRefs {
  private readonly refs = new Map<string, { count: number; ready: Promise<() => Promise<void>> }>();

  constructor(
    private readonly bus: Bus,
    private readonly logger: HubLogger,
  ) {}

  async acquire(channel: string, handler: (payload: string) => void): Promise<void> {
    let ref = this.refs.get(channel);
    if (!ref) {
      const created = { count: 0, ready: this.bus.subscribe(channel, handler) };
      ref = created;
      this.refs.set(channel, created);
      created.ready.catch(() => {
        if (this.refs.get(channel) === created) this.refs.delete(channel);
      });
    }
    ref.count += 1;
    await ref.ready;
  }

  release(channel: string): void {
    const ref = this.refs.get(channel);
    if (!ref) return;
    ref.count -= 1;
    if (ref.count > 0) return;
    this.refs.delete(channel);
    ref.ready
      .then((unsubscribe) => unsubscribe())
      .catch((error: unknown) => this.logger.warn({ err: error, channel }, 'hub: unsubscribe failed'));
  }

  async releaseAll(): Promise<void> {
    const refs = [...this.refs.values()];
    this.refs.clear();
    await Promise.allSettled(refs.map(async (ref) => (await ref.ready)()));
  }

  get size(): number {
    return this.refs.size;
  }
}
