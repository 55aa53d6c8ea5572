// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { afterAll, describe, expect, it } from 'vitest';
import { slicedModules } from './sliced-modules';

const work = mkdtempSync(join(tmpdir(), 'backlay-sliced-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const zodUrl = pathToFileURL(createRequire(import.meta.url).resolve('zod')).href;

/** A schema module as the contract writes them (after TypeScript): a few declarations. */
const SCHEMAS = `import { z } from 'zod';
export const NameSchema = z.string().min(1);
const AmountSchema = z.number().int().nonnegative();
export const OrderSchema = z.object({ name: NameSchema, amount: AmountSchema });
export function describeOrder(order) { return order.name + ' ' + order.amount; }
export const OrdersSchema = z.array(OrderSchema);
`;

function transform(code: string, id: string, budgetMs: number): string | null {
  // Every module of a page shares one slice clock (made by the first); each test starts its own.
  delete (globalThis as { __backlaySlices?: unknown }).__backlaySlices;
  const plugin = slicedModules({ include: /contract[\\/]src[\\/]/, budgetMs });
  const hook = plugin.transform as (this: unknown, code: string, id: string) => { code: string } | null;
  const result = hook.call({ parse: (text: string) => parseAst(text) }, code, id);
  return result?.code ?? null;
}

let written = 0;
/** Writes a transformed module where Node can import it (zod by its resolved path). */
function moduleFile(code: string): string {
  const file = join(work, `schemas-${++written}.mjs`);
  writeFileSync(file, code.replace(/from 'zod'/, `from '${zodUrl}'`));
  return pathToFileURL(file).href;
}

describe('slicedModules (the contract built in slices, production build only)', () => {
  it('leaves modules outside the contract, and modules without zod, as they are', () => {
    expect(transform(SCHEMAS, '/repo/apps/web/src/a.ts', 10)).toBeNull();
    expect(transform('export const A = 1;\n', '/repo/packages/contract/src/sport-ids.ts', 10)).toBeNull();
  });

  it('checks the slice after every top-level declaration, and nowhere else', () => {
    const code = transform(SCHEMAS, '/repo/packages/contract/src/orders.ts', 10);
    expect(code).not.toBeNull();
    // Four declarations (the function is hoisted, it builds nothing), four checks.
    expect(code!.match(/await __slices\.pause\(\)/g)).toHaveLength(4);
    expect(code).toContain('> 10;');
  });

  it('exports the same schemas, which parse the same', async () => {
    const sliced = (await import(moduleFile(transform(SCHEMAS, '/c/contract/src/o.ts', 0)!))) as Record<
      string,
      { parse: (v: unknown) => unknown } & ((o: unknown) => string)
    >;
    const plain = (await import(moduleFile(SCHEMAS))) as typeof sliced;
    expect(Object.keys(sliced).sort()).toEqual(Object.keys(plain).sort());
    const order = { name: 'Back', amount: 100 };
    expect(sliced.OrdersSchema!.parse([order])).toEqual(plain.OrdersSchema!.parse([order]));
    expect(() => sliced.OrderSchema!.parse({ name: '', amount: 1 })).toThrow();
    expect(sliced.describeOrder!(order)).toBe('Back 100');
  });

  it('gives the thread back between declarations once the budget is spent, not before', async () => {
    // The module posts a message to itself while it is evaluated, and says whether the message was
    // handled before its last declaration: only if the evaluation paused between them.
    const PROBED = `import { z } from 'zod';
const probe = globalThis.__slicesProbe;
export const First = (probe.post(), z.string());
export const Second = z.number();
export const handledMeanwhile = probe.handled;
`;
    const handledMeanwhile = async (budgetMs: number) => {
      const channel = new MessageChannel();
      const probe = { handled: false, post: () => channel.port2.postMessage(0) };
      channel.port1.onmessage = () => (probe.handled = true);
      Object.assign(globalThis, { __slicesProbe: probe });
      const url = moduleFile(transform(PROBED, '/c/contract/src/p.ts', budgetMs)!);
      const module = (await import(url)) as { handledMeanwhile: boolean };
      channel.port1.close();
      return module.handledMeanwhile;
    };
    // A budget no evaluation reaches: the module is evaluated in one go, as before.
    expect(await handledMeanwhile(60_000)).toBe(false);
    // No budget left: the module pauses after its first declaration, and the message is handled.
    expect(await handledMeanwhile(-1)).toBe(true);
  });
});
