import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { Toaster } from 'sonner';
import { NotFound } from '../components/not-found.js';
import type { RouterContext } from '../lib/router-context.js';
import { useTheme } from '../lib/theme.js';

function Root() {
  const { theme } = useTheme();
  return (
    <>
      <Outlet />
      {/* Spec section 9: bottom-right, at most 3 visible, 4000 ms, 14px gap, 356px wide. */}
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
});
