import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ChaseTable, cachedChaseStart, cachedChaseTable } from './cricket-maths';

describe('chase tables', () => {
  it('a first row answers exactly as its whole table at ball 0 with no wicket down', () => {
    for (const edge of [-0.4, 0, 0.25]) {
      const table = new ChaseTable(edge);
      const start = cachedChaseStart(edge);
      for (let need = -2; need <= 400; need++) {
        expect(start.winChance(need)).toBe(table.winChance(0, 0, need));
      }
    }
  });

  it('shares a whole table while a match holds it, and keeps none that no match holds', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    let held: ChaseTable | undefined = cachedChaseTable(0.11);
    expect(cachedChaseTable(0.11)).toBe(held);
    const ref = new WeakRef(held);
    // Only first rows made (what upcoming matches ask for): no whole table is left behind.
    const row = cachedChaseStart(0.21);
    const rowRef = new WeakRef(cachedChaseTable(0.21));
    held = undefined;
    // A WeakRef is kept alive until the turn that read it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(ref.deref()).toBeUndefined();
    expect(rowRef.deref()).toBeUndefined();
    // First rows stay cached, and a whole table is made again when a chase needs it.
    expect(cachedChaseStart(0.21)).toBe(row);
    expect(cachedChaseTable(0.11).winChance(0, 0, 150)).toBe(new ChaseTable(0.11).winChance(0, 0, 150));
  });
});
