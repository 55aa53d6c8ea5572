import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { bootstrap } from './bootstrap';
import { seedFirstScreen } from './first-screen';
import { queryClient } from './query-client';
import { createAppRouter } from './router';
import { startLanguage, useLanguageStore } from '@/shared/i18n';

/** Lets the browser in: the next step runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

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
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
}

/**
 * Start-up (section 4), then the first render into #root over the shell index.html painted. Each
 * step runs in a task of its own, after the one that evaluated the app's code: a phone's main
 * thread is not held for all of it at once (the router alone takes about 40 ms there). No top-level
 * await: it would split the app's chunks into many small ones.
 */
/**
 * The app in the language on screen: a change of language renders it again from the top (state kept
 * outside React — session, betslips, server data — stays), so every text is read in the new one.
 */
function Languaged({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const language = useLanguageStore((s) => s.language);
  return <RouterProvider key={language} router={router} />;
}

async function start(): Promise<void> {
  await nextTask();
  // A Hindi reader's catalogs load beside start-up, before the first render.
  const language = startLanguage();
  await nextTask();
  bootstrap();
  await nextTask();
  // The first screen's data from the page (its JSON parsed and sanitised): a task of its own.
  seedFirstScreen();
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // The first navigation: the route matched again, its page's code asked for.
  router.initialize();
  await firstScreenPainted();
  await language;
  await nextTask();
  // A transition: React renders the first screen in slices and lets the browser in between, instead
  // of holding the main thread for the whole tree (the shell stays on screen meanwhile).
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <Languaged router={router} />
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}
void start();
