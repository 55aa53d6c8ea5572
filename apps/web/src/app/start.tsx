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

// A transition: React renders the first screen in slices and lets the browser in between, instead
// of holding the main thread for the whole tree (the shell stays on screen meanwhile).
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
