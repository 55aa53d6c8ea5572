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

  it('keeps few whole tables: first rows stay cached, whole ones are made again once evicted', () => {
    const first = cachedChaseTable(0.11);
    cachedChaseTable(0.12);
    cachedChaseTable(0.13);
    expect(cachedChaseTable(0.11)).not.toBe(first);
    const row = cachedChaseStart(0.21);
    cachedChaseStart(0.22);
    cachedChaseStart(0.23);
    expect(cachedChaseStart(0.21)).toBe(row);
  });
});
