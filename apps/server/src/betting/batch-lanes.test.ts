import { describe, expect, it } from 'vitest';
import { BatchLanes } from './batch-lanes';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('BatchLanes', () => {
  it('sends a job at once while a lane is free, and batches what arrives while all are busy', async () => {
    const sent: number[][] = [];
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const lanes = new BatchLanes<number, string>(
      async (batch) => {
        sent.push(batch);
        const gate = deferred<void>();
        gates.push(gate);
        await gate.promise;
        return batch.map((n) => `row ${n}`);
      },
      1,
      3,
    );
    const first = lanes.write(1);
    const waiting = [2, 3, 4, 5].map((n) => lanes.write(n));
    expect(sent).toEqual([[1]]);
    gates[0]?.resolve();
    expect(await first).toBe('row 1');
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([[1], [2, 3, 4]]);
    gates[1]?.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([[1], [2, 3, 4], [5]]);
    gates[2]?.resolve();
    expect(await Promise.all(waiting)).toEqual(['row 2', 'row 3', 'row 4', 'row 5']);
  });

  it('answers null for every job of a batch that fails, and for a job without a result', async () => {
    const lanes = new BatchLanes<number, string>(
      async (batch) => {
        if (batch.includes(13)) throw new Error('deadlock');
        return [`row ${batch[0]}`];
      },
      1,
      8,
    );
    expect(await lanes.write(13)).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    // 1 goes alone; 2 and 3 wait for the lane and go together, and the answer has one row only.
    const [a, b, c] = await Promise.all([lanes.write(1), lanes.write(2), lanes.write(3)]);
    expect(a).toBe('row 1');
    expect(b).toBe('row 2');
    expect(c).toBeNull();
  });
});
