import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

/** Text formats worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text file of the build, once,
 * at build time: the server sends the copy the browser's Accept-Encoding prefers and compresses
 * nothing per request. A copy that would not be smaller than its file is not written.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'backlay-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After every other plugin's closeBundle, each finished: vite-plugin-pwa writes sw.js there and
    // puts the precache list in it, and the copies must be of the worker as served.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = resolve(config.root, config.build.outDir);
        if (!existsSync(outDir)) return;
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const source = readFileSync(file);
          const br = brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          const gz = gzipSync(source, { level: 9 });
          if (br.length < source.length) writeFileSync(`${file}.br`, br);
          if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}
