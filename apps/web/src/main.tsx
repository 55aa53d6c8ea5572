import './styles/app.css';

/**
 * index.html paints first: the shell, and the page's first screen the server put in it (the slider,
 * a market page's head), styled by the stylesheet inlined in the page. The app's code is only asked
 * for after that frame (Vite's loader then fetches its chunks side by side): on a phone network,
 * scripts fetched with the page would share its bandwidth and put the first paint back, while the
 * first screen needs none of them. A hidden tab paints no frames, so it starts at once.
 */
const start = () => void import('./app/start');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));

/*
 * The service worker (shared/pwa/sw.ts) in production builds: registered once the page has loaded
 * and the browser is idle, from a chunk of its own, so neither its code nor its install (which
 * fetches the app's scripts for the precache) competes with the first visit's paint or requests.
 */
const REGISTER_AFTER_LOAD_MS = 8_000;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('./shared/pwa/register').then((m) => m.registerServiceWorker());
  // Some seconds after the load, when the browser is idle: the worker's install (a page from the
  // server, the shell's scripts) then runs after a phone's first interactions, not during them
  // (Lighthouse measured it at a quarter of a second of main thread registered at the load).
  // (Safari before 18 has no requestIdleCallback: a task later instead.)
  const whenIdle = () =>
    setTimeout(() => (window.requestIdleCallback ?? setTimeout)(register), REGISTER_AFTER_LOAD_MS);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
