import { Outlet, createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NavigationEffects } from '../components/layout/navigation-effects.js';
import { NotFound } from '../components/widgets/not-found.js';
import { RouteError } from '../components/widgets/route-error.js';
import { ServerStatusBanner } from '../components/widgets/server-status-banner.js';
import type { RouterContext } from '../lib/router-context.js';
import { bookIdFromSearch, currentBookId, setCurrentBookId } from '../lib/current-book.js';
import { useDefaultAccountStore } from '../stores/default-account-store.js';
import { useTheme } from '../lib/theme.js';

function Root() {
  const { theme } = useTheme();
  return (
    <>
      <NavigationEffects />
      <ServerStatusBanner />
      <Outlet />
      {/* Bottom-right, at most 3 visible, 4000 ms, 14px gap, 356px wide
          (docs/product.md#notifications). */}
      <Toaster
        position="bottom-right"
        visibleToasts={3}
        duration={4000}
        gap={14}
        theme={theme}
        richColors
        closeButton
        style={{ '--width': '356px' } as React.CSSProperties}
      />
    </>
  );
}

/** `?book=`: the tab's book when it is not the personal one (lib/current-book.ts). */
interface BookSearch {
  book?: string;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): BookSearch => {
    const book = bookIdFromSearch(search.book);
    return book ? { book } : {};
  },
  // Every move within the tab keeps its book.
  search: { middlewares: [retainSearchParams<BookSearch>(['book'])] },
  // The URL names the tab's book: when it names another one (the switcher, a link, Back), the
  // calls name it from now on and everything loaded for the previous book is fetched anew.
  beforeLoad: ({ search, context }) => {
    const book = search.book ?? null;
    if (book === currentBookId()) return;
    setCurrentBookId(book);
    useDefaultAccountStore.getState().followBook();
    void context.queryClient.resetQueries();
  },
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
