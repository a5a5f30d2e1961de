import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen.js';
import { createQueryClient, createTrpcClient, createTrpcUtils, trpc } from './lib/trpc.js';
import { ThemeProvider } from './lib/theme.js';
import { z } from 'zod';
import './styles.css';

// zod probes for eval (new Function) to compile faster validators; the CSP forbids eval.
z.config({ jitless: true });

// One query cache for the page's life, shared by components and route loaders, so a loader can
// start a screen's requests while the screen's code is still downloading.
const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

const router = createRouter({
  routeTree,
  context: { trpc: createTrpcUtils(queryClient, trpcClient) },
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

function App() {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <RouterProvider router={router} />
        </ThemeProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
