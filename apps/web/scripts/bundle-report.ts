import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface ChunkInfo {
  fileName: string;
  code: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** A circle of static imports between chunks, or null. */
function chunkCycle(chunks: Map<string, ChunkInfo>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    const at = path.indexOf(name);
    if (at >= 0) return [...path.slice(at), name];
    if (done.has(name)) return null;
    path.push(name);
    for (const next of chunks.get(name)?.imports ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    done.add(name);
    return null;
  };
  for (const name of chunks.keys()) {
    const found = visit(name);
    if (found) return found;
  }
  return null;
}

/** KB with one decimal, as the budget is stated. */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints the gzipped size of every chunk and of the JavaScript a visitor downloads before
 * /inplay paints (the entry, its static imports, and the /inplay route chunk with its own
 * static imports), and fails the build when that exceeds the budget.
 */
export function bundleReport(options: {
  routeModule: string;
  budgetBytes: number;
  /** Modules every visit loads right after start-up, off the critical path: reported, not budgeted. */
  deferredModules: string[];
}): Plugin {
  return {
    name: 'backlay-bundle-report',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, ChunkInfo>();
      const gz = new Map<string, number>();
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        if (process.env.BUNDLE_DETAIL) {
          const top = Object.entries(item.modules)
            .map(([id, m]) => [id.replace(/.*node_modules\//, ''), m.renderedLength] as const)
            .sort((a, b) => b[1] - a[1])
            .slice(0, 12);
          console.log(item.fileName, top.map(([id, n]) => `\n   ${(n / 1024).toFixed(1)}K ${id}`).join(''));
        }
        chunks.set(item.fileName, {
          fileName: item.fileName,
          code: item.code,
          imports: item.imports,
          isEntry: item.isEntry,
          facadeModuleId: item.facadeModuleId,
          moduleIds: item.moduleIds,
        });
        gz.set(item.fileName, gzipSync(item.code, { level: 9 }).length);
      }
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length > 0) {
          const name = stack.pop() as string;
          if (seen.has(name)) continue;
          seen.add(name);
          stack.push(...(chunks.get(name)?.imports ?? []));
        }
        return seen;
      };
      const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
      const route = [...chunks.values()].find((c) =>
        c.moduleIds.some((id) => id.replace(/\\/g, '/').includes(options.routeModule)),
      );
      const initial = closure(route ? [...entries, route.fileName] : entries);
      const holding = (module: string) =>
        [...chunks.values()].filter((c) => c.moduleIds.some((id) => id.replace(/\\/g, '/').includes(module)));
      const deferredStart = options.deferredModules.flatMap((m) => holding(m).map((c) => c.fileName));
      const visit = closure([...initial, ...deferredStart]);
      const rows = [...chunks.values()].sort((a, b) => (gz.get(b.fileName) ?? 0) - (gz.get(a.fileName) ?? 0));
      const lines = rows.map(
        (c) =>
          `${initial.has(c.fileName) ? '*' : visit.has(c.fileName) ? '+' : ' '} ${c.fileName.padEnd(48)} ${kb(c.code.length).padStart(10)} ${kb(gz.get(c.fileName) ?? 0).padStart(10)} gz`,
      );
      const total = [...initial].reduce((sum, name) => sum + (gz.get(name) ?? 0), 0);
      const visitTotal = [...visit].reduce((sum, name) => sum + (gz.get(name) ?? 0), 0);
      const css = Object.values(bundle)
        .filter((a) => a.type === 'asset' && a.fileName.endsWith('.css'))
        .reduce((sum, a) => sum + (a.type === 'asset' ? gzipSync(a.source).length : 0), 0);
      console.log(
        `\nJavaScript chunks (* = critical path of /inplay, + = fetched right after start-up):\n${lines.join('\n')}\n` +
          `Initial JavaScript for /inplay (critical path to first paint): ${kb(total)} gzipped (budget ${kb(options.budgetBytes)})\n` +
          `All JavaScript of a cold /inplay visit (adds the HTTP client with axios, zod and the contract schemas, and the realtime client): ${kb(visitTotal)} gzipped\n` +
          `CSS: ${kb(css)} gzipped\n`,
      );
      if (!route) this.error(`bundle report: no chunk holds ${options.routeModule}`);
      const cycle = chunkCycle(chunks);
      if (cycle) {
        this.error(
          `Chunks import one another in a circle (${cycle.join(' -> ')}): a module may then run before one it ` +
            'needs. Check the codeSplitting groups in vite.config.ts.',
        );
      }
      if (total > options.budgetBytes) {
        this.error(
          `Initial JavaScript for /inplay is ${kb(total)} gzipped, over the ${kb(options.budgetBytes)} budget`,
        );
      }
    },
  };
}
