import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** Hashed build output: its name changes with its content, so a browser may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What a page's first screen shows, known to the server when the page is asked for: its data, sent
 * in the page as JSON (`<script type="application/json" id="first-screen">`, which the client reads
 * before its first render instead of asking for it), and markup drawn from it for named regions of
 * index.html (each put between `<!--name-->` and `<!--/name-->`, in place of the shell's), so the
 * screen's largest content paints with the HTML instead of after the scripts, a settings file and
 * an API call.
 */
export interface FirstScreen {
  data: unknown;
  /** Markup by region name; a region not named keeps index.html's shell. */
  regions: Record<string, string>;
}

export type FirstScreenSource = (
  req: FastifyRequest,
  path: string,
) => FirstScreen | null | Promise<FirstScreen | null>;

/** JSON inside a script element: no `<` (so no `</script>` or `<!--`), and no line separators. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** index.html with a first screen in it; the page as built when there is none. */
export function withFirstScreen(page: string, screen: FirstScreen | null): string {
  if (screen == null) return page;
  const root = page.indexOf('<div id="root">');
  if (root < 0) return page;
  let html =
    page.slice(0, root) +
    `<script type="application/json" id="first-screen">${scriptJson(screen.data)}</script>\n    ` +
    page.slice(root);
  for (const [name, markup] of Object.entries(screen.regions)) {
    const open = `<!--${name}-->`;
    const start = html.indexOf(open);
    const end = html.indexOf(`<!--/${name}-->`, start);
    if (start < 0 || end < 0) continue;
    html = html.slice(0, start + open.length) + markup + html.slice(end);
  }
  return html;
}

/** A file made for one request, compressed as the browser accepts (a few kilobytes: quick). */
function sendMade(req: FastifyRequest, reply: FastifyReply, type: string, text: string) {
  reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type(type);
  const accepts = (req.headers['accept-encoding'] ?? '').toLowerCase();
  if (/\bbr\b/.test(accepts)) {
    const body = brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(text));
  return reply.send(text);
}

const MANIFEST = 'manifest.webmanifest';

/** The site's title in a first screen's data (the domain's settings), when it names one. */
function siteTitle(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('setting' in data)) return null;
  const setting = data.setting;
  if (typeof setting !== 'object' || setting === null || !('domainTitle' in setting)) return null;
  const title = typeof setting.domainTitle === 'string' ? setting.domainTitle.trim() : '';
  return title === '' ? null : title;
}

/** The built web manifest with the site's own name: what a phone shows under the installed icon. */
function siteManifest(built: Record<string, unknown>, title: string | null): Record<string, unknown> {
  return title == null ? built : { ...built, name: title, short_name: title };
}

/**
 * Serves the built SPA; client routes fall back to index.html, API misses answer the envelope.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside every text file (see the web's
 * vite.config.ts); the copy the browser's Accept-Encoding prefers is sent with its
 * Content-Encoding and `Vary: Accept-Encoding`, and the plain file to a browser that takes neither.
 * Hashed assets are cached for a year; index.html and the unhashed files (the service worker
 * sw.js among them, so a new version is found on the next visit) are revalidated each time.
 * With `firstScreen`, a page whose first screen it knows is sent with that screen in it, and the
 * web manifest is named after the site whose settings that first screen carries (each white-label
 * site is an origin of its own, installed as an app of its own).
 */
export async function registerWebClient(
  app: FastifyInstance,
  dist: string,
  options: { firstScreen?: FirstScreenSource } = {},
): Promise<void> {
  const { firstScreen } = options;
  const hasWeb = existsSync(join(dist, 'index.html'));
  const page = hasWeb && firstScreen ? readFileSync(join(dist, 'index.html'), 'utf8') : '';
  const assets = join(resolve(dist), 'assets') + sep;
  const manifestFile = join(dist, MANIFEST);
  const builtManifest =
    hasWeb && firstScreen && existsSync(manifestFile)
      ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>)
      : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are chosen by Accept-Encoding, never asked for by name.
      // The manifest made for each site is sent below, not the built one.
      globIgnore: ['**/*.br', '**/*.gz', ...(builtManifest ? [MANIFEST] : [])],
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
      },
    });
  }
  if (builtManifest && firstScreen) {
    app.get(`/${MANIFEST}`, async (req, reply) => {
      const screen = await firstScreen(req, `/${MANIFEST}`);
      const manifest = siteManifest(builtManifest, siteTitle(screen?.data));
      return sendMade(req, reply, 'application/manifest+json; charset=utf-8', JSON.stringify(manifest));
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsPage) {
      if (firstScreen) {
        const screen = await firstScreen(req, req.url.split('?')[0] ?? '/');
        if (screen) return sendMade(req, reply, 'text/html', withFirstScreen(page, screen));
      }
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    throw new AppError('ROUTE_NOT_FOUND');
  });
}
