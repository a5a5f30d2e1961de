import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createRouter } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { routeTree } from './routeTree.gen.js';
import { onSessionStart, useAuthStore } from './features/auth/auth-store.js';
import { RouteError } from './components/widgets/route-error.js';
import { markCodeLoadErrors } from './lib/code-load-error.js';
import { createQueryClient, followServerStatus } from './lib/query-client.js';
import { createTrpcClient, createTrpcUtils, trpc } from './lib/trpc.js';
import { ThemeProvider } from './lib/theme.js';
import { makeZodJitless } from './lib/zod-jitless.js';
import { NO_LONGER_A_MEMBER, adoptRememberedBook, currentBookId } from './lib/current-book.js';
import { warmUpInSeparateTasks } from './lib/warm-up.js';
import './styles.css';

// zod (loaded later, with the screens that validate) must not compile validators with eval,
// which the CSP forbids; set without importing zod here (lib/zod-jitless.ts).
makeZodJitless();

// A screen whose code cannot be downloaded shows its error in the app, never a full-page reload
// onto the browser's own error page (lib/code-load-error.ts).
markCodeLoadErrors();
followServerStatus();

// One query cache for the page's life, shared by components and route loaders, so a loader can
// start a screen's requests while the screen's code is still downloading.
const queryClient = createQueryClient({
  onSessionExpired: () => useAuthStore.getState().logout(),
  // The tab's book answered "Book not found" (the person was removed or left): back to their
  // personal book, on the dashboard, and they are told why.
  onBookNotFound: () => {
    if (currentBookId() === null) return;
    toast.warning(NO_LONGER_A_MEMBER, { id: 'book-not-found' });
    void router.navigate({ to: '/', search: { book: undefined }, replace: true });
  },
});
const trpcClient = createTrpcClient(() => useAuthStore.getState().token);

// A new session (here or in another tab) starts from an empty cache: the previous person's
// accounts must not show, even for the few seconds until a refetch.
onSessionStart(() => queryClient.removeQueries());

// A tab opened without ?book= opens the book used last in this browser (lib/current-book.ts).
if (useAuthStore.getState().isAuthenticated) adoptRememberedBook();

const router = createRouter({
  routeTree,
  context: { trpc: createTrpcUtils(queryClient, trpcClient), queryClient, trpcClient },
  defaultPreload: 'intent',
  // A screen that fails shows its error with Retry inside the app shell, the rest still working.
  defaultErrorComponent: RouteError,
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
warmUpInSeparateTasks();
