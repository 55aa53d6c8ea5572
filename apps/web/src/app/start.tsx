import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { bootstrap } from './bootstrap';
import { queryClient } from './query-client';
import { createAppRouter } from './router';

/** Start-up (section 4) and the first render into #root, over the shell index.html painted. */
bootstrap();
const router = createAppRouter();

/**
 * The first screen the server drew in the HTML (its slider) is on screen before React takes #root
 * over: replaced before it had painted, it would paint again only with the page, scripts later. On a
 * phone the image has long arrived by now; a broken or slow one holds nothing up for long.
 */
async function firstScreenPainted(): Promise<void> {
  const images = [...document.querySelectorAll<HTMLImageElement>('#root img')];
  if (images.length === 0) return;
  await Promise.race([
    Promise.all(images.map((image) => image.decode().catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 1500)),
  ]);
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
// A transition: React renders the first screen in slices and lets the browser in between, instead
// of holding the main thread for the whole tree (the shell stays on screen meanwhile).
// (No top-level await here: it would split the app's chunks into many small ones.)
void firstScreenPainted().then(() => {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
});
