/**
 * Balance pushes, coalesced per user: the first change is pushed at once, and changes within the
 * next `windowMs` are pushed together once the window ends, with the wallet as it is then. Every
 * change is followed by a push of a state at least that new, while a player betting several times
 * a second costs one wallet read per window instead of one per bet (the answer to each bet already
 * carries its balance and exposure).
 */
export class BalancePushes {
  private readonly cooling = new Map<number, { again: boolean }>();

  constructor(
    private readonly push: (userId: number) => Promise<void>,
    private readonly onError: (err: unknown, userId: number) => void,
    private readonly windowMs = 250,
  ) {}

  changed(userId: number): void {
    const entry = this.cooling.get(userId);
    if (entry) {
      entry.again = true;
      return;
    }
    this.start(userId);
  }

  private start(userId: number): void {
    const entry = { again: false };
    this.cooling.set(userId, entry);
    this.push(userId).catch((err: unknown) => this.onError(err, userId));
    const timer = setTimeout(() => {
      this.cooling.delete(userId);
      if (entry.again) this.start(userId);
    }, this.windowMs);
    timer.unref?.();
  }
}
