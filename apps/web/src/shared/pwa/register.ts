/**
 * Registers the service worker (sw.ts, built to /sw.js). Loaded by src/main.tsx once the page has
 * loaded and the browser is idle: its install fetches the app's scripts for the precache, which
 * must not compete with the first visit's own requests.
 */
export function registerServiceWorker(): void {
  // `updateViaCache: 'none'`: each check for a new version asks the server, never the HTTP cache.
  navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch(() => {
    // A browser that refuses (private mode, a policy) runs the app as before, without offline.
  });
}
