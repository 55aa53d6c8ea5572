import './styles/app.css';

/**
 * The shell in index.html paints first; the app's code (downloading meanwhile: the build lists it
 * as modulepreload links) is evaluated after that frame. A phone then shows the page's outline
 * while it parses React and starts the app, instead of a blank screen until all of that is done.
 * A hidden tab paints no frames, so it starts at once.
 */
const start = () => void import('./app/start');
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
