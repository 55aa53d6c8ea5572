import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** Hashed build output: its name changes with its content, so a browser may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA; client routes fall back to index.html, API misses answer the envelope.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside every text file (see the web's
 * vite.config.ts); the copy the browser's Accept-Encoding prefers is sent with its
 * Content-Encoding and `Vary: Accept-Encoding`, and the plain file to a browser that takes neither.
 * Hashed assets are cached for a year; index.html and the unhashed files are revalidated each time.
 */
export async function registerWebClient(app: FastifyInstance, dist: string): Promise<void> {
  const hasWeb = existsSync(join(dist, 'index.html'));
  const assets = join(resolve(dist), 'assets') + sep;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are chosen by Accept-Encoding, never asked for by name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('ROUTE_NOT_FOUND');
  });
}
