// The pages' scripts and styles, bundled once at start with esbuild from src/browser (in memory).
// Each file is served under a name carrying its content hash, so it can be cached for good.
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

export interface Asset {
  readonly contentType: string;
  readonly body: Uint8Array;
}

export interface Bundle {
  /** By served name, e.g. `table-3F2A1B.js`. */
  readonly files: ReadonlyMap<string, Asset>;
  /** Entry name (`table`, `dice`, `verify`, `styles`) → its served name. */
  readonly names: Readonly<Record<'table' | 'dice' | 'verify' | 'styles', string>>;
}

const browserDir = fileURLToPath(new URL('../browser/', import.meta.url));

/**
 * The game rules import `pick` from fair/floats.ts, whose stream uses node:crypto; the browser uses
 * Web Crypto instead (browser/floats.ts) and never calls those functions. This plugin gives the
 * bundle a node:crypto that refuses, so a slip would fail loudly rather than silently differ.
 */
const noNodeCrypto: Plugin = {
  name: 'no-node-crypto',
  setup(b) {
    b.onResolve({ filter: /^node:crypto$/ }, () => ({ path: 'node:crypto', namespace: 'no-node-crypto' }));
    b.onLoad({ filter: /.*/, namespace: 'no-node-crypto' }, () => ({
      contents: [
        'const refuse = () => { throw new Error("node:crypto is not in the browser: use Web Crypto"); };',
        'export const createHmac = refuse, createHash = refuse, randomBytes = refuse, randomUUID = refuse;',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

let once: Promise<Bundle> | undefined;

/** Bundled once per process (every server made in the same process shares it). */
export function bundleBrowser(): Promise<Bundle> {
  once ??= buildBundle().catch((error: unknown) => {
    once = undefined;
    throw error;
  });
  return once;
}

async function buildBundle(): Promise<Bundle> {
  const result = await build({
    entryPoints: {
      table: `${browserDir}table-page.ts`,
      dice: `${browserDir}dice-page.ts`,
      verify: `${browserDir}verify-page.ts`,
      styles: `${browserDir}styles.css`,
    },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    sourcemap: false,
    outdir: '/assets',
    entryNames: '[name]-[hash]',
    plugins: [noNodeCrypto],
    logLevel: 'silent',
  });
  const files = new Map<string, Asset>();
  const names: Partial<Record<keyof Bundle['names'], string>> = {};
  for (const file of result.outputFiles) {
    const name = file.path.slice(file.path.lastIndexOf('/') + 1);
    const contentType = name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    files.set(name, { contentType, body: file.contents });
    const entry = name.slice(0, name.indexOf('-')) as keyof Bundle['names'];
    names[entry] = name;
  }
  for (const entry of ['table', 'dice', 'verify', 'styles'] as const) {
    if (!names[entry]) throw new Error(`the browser bundle has no ${entry} file`);
  }
  return { files, names: names as Bundle['names'] };
}
