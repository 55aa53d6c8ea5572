import { expect, test, type Page } from '@playwright/test';

/*
 * The players' client installs as an app (issue 17): the page links a web manifest a browser can
 * install from, a service worker registers once the page has loaded and takes the next visit; with
 * no network that visit still opens the app, from the worker, with a clear notice; and no answer
 * of the API (money, odds, bets) is ever kept in the worker's caches.
 */

// The phone Lighthouse's mobile preset emulates.
test.use({ viewport: { width: 412, height: 823 }, serviceWorkers: 'allow' });

const NOTICE = 'You are offline. Prices, bets and your balance will update when you are back online.';

/** The API's paths, as the client's dev proxy and its worker know them (apps/web/src/shared/pwa/server-paths.ts). */
const API =
  /^\/(Account|account|Setting|setting|UserStake|api|cdn|dev|Event|event|Market|Odds|Bet|Transaction|DepositWithdrawal|Referral|Bonus|docs|sandbox|notify|operator|site-images)(\/|$)/;

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Waits for the page's service worker to be active, and returns its script's path. */
async function activeWorker(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (!worker) throw new Error('no active service worker');
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    }
    return new URL(worker.scriptURL).pathname;
  });
}

/** Two animation frames: whatever the page holds now has been painted. */
async function painted(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Every URL in every cache of the origin, by cache. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const found: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      found[name] = (await cache.keys()).map((request) => request.url);
    }
    return found;
  });
}

test('the client installs, opens offline from its worker with a notice, and keeps no API answer', async ({
  page,
  context,
}) => {
  await page.goto('/inplay');
  await expect(page.locator('.event-row').first()).toBeVisible();

  // Installable: a manifest with a name, the icons a phone asks for, a start and a standalone window.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestAnswer = await page.request.get(href ?? '');
  expect(manifestAnswer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await manifestAnswer.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Backlay',
    short_name: 'Backlay',
    start_url: '/',
    display: 'standalone',
  });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const answer = await page.request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');

  // The worker registers after the first visit's load, and takes the pages opened after it.
  expect(await activeWorker(page)).toBe('/sw.js');
  expect(context.serviceWorkers().map((w) => new URL(w.url()).pathname)).toContain('/sw.js');
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(
    /\/sw\.js$/,
  );
  // The page's data still comes from the API (the worker leaves those calls to the network).
  await expect(page.locator('.list-price:not(.list-price--empty)').first()).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);

  // No network: the page and the app's code come from the worker, and the app says it is offline.
  // The settings file is a CDN file (max-age 60) asked for under a random key of 100 to 1000, so a
  // key asked for before comes from the browser's HTTP cache, offline too, and the API is never
  // asked (CI met one). The offline part starts with that cache empty, as on a later day.
  const devtools = await context.newCDPSession(page);
  await devtools.send('Network.clearBrowserCache');
  await devtools.detach();
  await context.setOffline(true);
  const settingsFailed = page.waitForEvent(
    'requestfailed',
    (request) => new URL(request.url()).pathname === '/Setting/GetSetting',
  );
  const offline = await page.reload();
  expect(offline?.fromServiceWorker()).toBe(true);
  const html = (await offline?.text()) ?? '';
  expect(html).toMatch(/<html[^>]* data-offline/);
  // The page kept for /inplay, with its first screen (the site's settings, the sport tree: no prices).
  expect(html).toContain('id="first-screen"');
  expect(html).toContain('class="slider"');
  await expect(page.locator('.topbar')).toBeVisible();
  // In the page's live region (which takes no room: the notice is fixed over the page's foot).
  const notice = page.getByRole('status').getByTestId('offline-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveText(`${NOTICE}Retry`);
  await expect(notice.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The settings cannot be fetched either, which says nothing of the site: the app stays on
  // In-Play with the events its page came with, not on a maintenance page.
  await settingsFailed;
  await painted(page);
  expect(new URL(page.url()).pathname).toBe('/inplay');
  await expect(page.locator('.event-row').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Under maintenance' })).toHaveCount(0);

  // Another page offline: the same kept page, without In-Play's slider, and the notice.
  const other = await page.goto('/open-bets');
  expect(other?.fromServiceWorker()).toBe(true);
  const otherHtml = (await other?.text()) ?? '';
  expect(otherHtml).toMatch(/<html[^>]* data-offline/);
  expect(otherHtml).not.toContain('class="slider"');
  await expect(page.getByRole('status').getByTestId('offline-notice')).toBeVisible();

  // Only the app's own files and the one kept page are in the caches: never an API answer.
  const caches = await cachedUrls(page);
  const urls = Object.values(caches).flat();
  expect(urls.length).toBeGreaterThan(10);
  for (const url of urls) {
    const { pathname } = new URL(url);
    expect(pathname, url).not.toMatch(API);
    expect(pathname, url).toMatch(
      /^\/(assets\/[\w.-]+\.(js|css)|index\.html|pwa-[\w-]+\.png|favicon\.svg|last-page)$/,
    );
  }
  expect(urls.some((url) => url.endsWith('/last-page'))).toBe(true);
  expect(urls.some((url) => url.includes('/manifest.webmanifest'))).toBe(false);

  // Retry opens the page again: still without a network, the worker's page and the notice again.
  await page.evaluate(() => Object.assign(window, { beforeRetry: true }));
  await page.getByTestId('offline-notice').getByRole('button', { name: 'Retry' }).click();
  await page.waitForFunction(() => !('beforeRetry' in window));
  await expect(page.getByRole('status').getByTestId('offline-notice')).toBeVisible();

  // The network back, the notice goes; the next page comes from the network, unmarked.
  await context.setOffline(false);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  const back = await page.goto('/inplay');
  expect(await back?.text()).not.toMatch(/<html[^>]* data-offline/);
  await expect(page.locator('.list-price:not(.list-price--empty)').first()).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
