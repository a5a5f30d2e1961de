import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NavigationEffects } from '../components/layout/navigation-effects.js';
import { NotFound } from '../components/widgets/not-found.js';
import { RouteError } from '../components/widgets/route-error.js';
import { ServerStatusBanner } from '../components/widgets/server-status-banner.js';
import type { RouterContext } from '../lib/router-context.js';
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

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});
