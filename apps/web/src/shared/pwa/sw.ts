/// <reference lib="webworker" />
/*
 * The players' client's service worker (built by vite-plugin-pwa, injectManifest: the build puts
 * its precache list where `self.__WB_MANIFEST` stands). A second visit opens at once and a visit
 * without a network opens the app with a clear notice; nothing that carries money or odds is ever
 * kept:
 *
 * - precached at install: the build's hashed scripts and stylesheets, the icons, and the built
 *   index.html (the page of last resort offline). Only those exact URLs are answered from it;
 * - pages (navigations): from the network, with navigation preload, and the last good one kept as
 *   a single entry (its first screen holds the site's settings and the sport tree, no player's
 *   data, no prices). Without a network: that page, or else the built index.html, marked
 *   `data-offline` on <html> for the app's OfflineNotice;
 * - everything else, the API above all, is not touched: the browser asks the network as if there
 *   were no worker.
 *
 * A new version waits until no tab runs the old one (no skipWaiting, no clients.claim): an open
 * tab keeps the chunks it was built with until it is closed.
 */
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { Strategy, type StrategyHandler } from 'workbox-strategies';
import { API_PATHS, SERVER_PAGES } from './server-paths';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** The built index.html, precached. */
const BUILT_PAGE = '/index.html';

// The web manifest is made for each site by the server (its name is the site's); a precached copy
// would answer with the build's instead.
const precacheList = self.__WB_MANIFEST.filter(
  (entry) => (typeof entry === 'string' ? entry : entry.url) !== 'manifest.webmanifest',
);

const builtPage = precacheList.find(
  (entry): entry is PrecacheEntry =>
    typeof entry !== 'string' && entry.url.replace(/^\//, '') === 'index.html',
);
/**
 * The kept page belongs to this build: a page of an older one names scripts this worker no
 * longer holds. Activation drops the other builds' entries.
 */
const PAGE_CACHE = `backlay-page-${builtPage?.revision ?? 'none'}`;
const PAGE_KEY = '/last-page';
/** The path the kept page was made for (its first screen may be that path's). */
const PAGE_PATH_HEADER = 'x-backlay-page-path';

/** Answers that are a page as the server makes it: not an error, a redirect or another type. */
function isPage(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.redirected &&
    response.type === 'basic' &&
    (response.headers.get('content-type') ?? '').includes('text/html')
  );
}

/** The headers of a page made again here: as sent, without what described the encoded body. */
function pageHeaders(from: Headers): Headers {
  const headers = new Headers(from);
  for (const name of ['content-encoding', 'content-length', 'vary', 'etag', 'last-modified'])
    headers.delete(name);
  return headers;
}

async function keepPage(response: Response, path: string): Promise<void> {
  const headers = pageHeaders(response.headers);
  headers.set(PAGE_PATH_HEADER, path);
  const kept = new Response(await response.text(), { status: 200, headers });
  await (await caches.open(PAGE_CACHE)).put(PAGE_KEY, kept);
}

/** Where `<!--name-->…<!--/name-->` sits in a page, its markers included. */
function region(html: string, name: string): { start: number; end: number } | null {
  const start = html.indexOf(`<!--${name}-->`);
  const close = `<!--/${name}-->`;
  const end = start < 0 ? -1 : html.indexOf(close, start);
  return end < 0 ? null : { start, end: end + close.length };
}

/**
 * The kept page for another path: the server drew its `page` region (the slider, a market's head)
 * for the path it was asked for, so the built page's shell blocks stand there instead.
 */
function withShellPage(html: string, built: string): string {
  const at = region(html, 'page');
  const shell = region(built, 'page');
  if (!at || !shell) return html;
  return html.slice(0, at.start) + built.slice(shell.start, shell.end) + html.slice(at.end);
}

/** The page to open without a network, marked so the app says it is offline. */
async function offlinePage(path: string): Promise<Response> {
  const kept = await (await caches.open(PAGE_CACHE)).match(PAGE_KEY);
  const built = await matchPrecache(BUILT_PAGE);
  const source = kept ?? built;
  if (!source) return Response.error();
  let html = await source.text();
  if (kept && built && kept.headers.get(PAGE_PATH_HEADER) !== path)
    html = withShellPage(html, await built.text());
  const headers = pageHeaders(source.headers);
  headers.delete(PAGE_PATH_HEADER);
  headers.set('cache-control', 'no-store');
  return new Response(html.replace(/<html\b/i, '<html data-offline=""'), { status: 200, headers });
}

/** Pages: the network first (a preloaded answer when there is one), then what was kept. */
class PageStrategy extends Strategy {
  protected override async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const path = new URL(request.url).pathname;
    let response: Response;
    try {
      response = await handler.fetch(request);
    } catch {
      return offlinePage(path);
    }
    if (isPage(response)) handler.waitUntil(keepPage(response.clone(), path));
    return response;
  }
}

// First, so a page is never answered by the precache (not even /index.html).
registerRoute(
  new NavigationRoute(new PageStrategy(), {
    denylist: [new RegExp(API_PATHS), new RegExp(SERVER_PAGES)],
  }),
);
// Exact URLs only: no index.html for '/', no '.html' added to a path.
precacheAndRoute(precacheList, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

self.addEventListener('install', (event) => {
  // A page to open offline before any page was opened through this worker (the first visit's
  // page was not: no worker controlled it). Offline now, the built page serves instead.
  event.waitUntil(
    fetch('/', { headers: { accept: 'text/html' } }).then(
      (response) => (isPage(response) ? keepPage(response, '/') : undefined),
      () => undefined,
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Pages come in while the worker starts (the browser asks the network at once).
      await self.registration.navigationPreload?.enable();
      for (const name of await caches.keys()) {
        if (name.startsWith('backlay-page-') && name !== PAGE_CACHE) await caches.delete(name);
      }
    })(),
  );
});
