import type { Plugin } from 'vite';

/**
 * Lets the contract's schema modules give the main thread back while they are evaluated.
 *
 * A feature's schemas are built when its chunk is evaluated: a few hundred zod constructors in
 * one go, a task of 50-100 ms on a phone (4x CPU) when a page's first calls load them, with the
 * page's first render waiting behind it and taps not answered. In the production build, after
 * each top-level declaration of a module that imports zod, the module checks how long the
 * evaluation has run since the last pause and, past `budgetMs`, awaits a new task (top-level
 * await; `scheduler.yield()` where the browser has it, a message otherwise) before it goes on. A
 * fast machine seldom pauses; a slow one evaluates the contract in slices of about `budgetMs`.
 *
 * The price, measured: with top-level await in the graph the bundler (rolldown 1.2 and 1.3) no
 * longer merges shared chunks, so the build has about 16 more small chunks (re-exports of the
 * route tables, pieces of start-up), fetched in the same waves as before. At 4x CPU, In-Play in
 * Hindi, 8 visits each alternating: blocking time after the first paint median 186 -> 126 ms.
 *
 * Nothing changes in what the modules export or when an importer sees them: an importer (a
 * dynamic `import()` in shared/http/route-defs.ts, or a static import) waits for the module's
 * evaluation, as before, only that evaluation may now span several tasks. The server, the tests
 * and the development server use the modules untouched.
 */
export function slicedModules({ include, budgetMs }: { include: RegExp; budgetMs: number }): Plugin {
  // One object for every module of the page, so a slice's time counts across modules.
  const prelude =
    'const __slices = (globalThis.__backlaySlices ??= {' +
    ' since: performance.now(),' +
    ` due() { return performance.now() - this.since > ${budgetMs}; },` +
    ' pause() {' +
    '   const next = globalThis.scheduler?.yield ? globalThis.scheduler.yield()' +
    '     : new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = () => resolve(); c.port2.postMessage(0); });' +
    '   return next.then(() => { this.since = performance.now(); });' +
    ' },' +
    '});\n';
  const checkpoint = '\n__slices.due() && (await __slices.pause());\n';
  return {
    name: 'backlay-sliced-modules',
    apply: 'build',
    transform(code, id) {
      if (!include.test(id) || !/\bfrom\s*["']zod["']/.test(code)) return null;
      const program = this.parse(code) as unknown as { body: Statement[] };
      const ends: number[] = [];
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type === 'VariableDeclaration') ends.push(statement.end);
      }
      if (ends.length === 0) return null;
      let out = '';
      let from = 0;
      for (const end of ends) {
        out += code.slice(from, end) + checkpoint;
        from = end;
      }
      out += code.slice(from);
      // The prelude after the imports (they are hoisted anyway): first, so every checkpoint sees it.
      return { code: prelude + out, map: null };
    },
  };
}

interface Statement {
  type: string;
  end: number;
  declaration?: { type: string } | null;
}
