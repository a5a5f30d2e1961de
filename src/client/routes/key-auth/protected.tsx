import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useAuthStore } from '../../features/auth/auth-store.js';
import { prefetchKeyUser } from '../../features/key-auth/api.js';
import { useKeyAuthStore } from '../../features/key-auth/key-auth-store.js';
import { KeyProtectedScreen } from '../../features/key-auth/protected-screen.js';

/** The key session opens the app like any other sign-in: its token becomes the main session. */
function KeyProtectedRoute() {
  const navigate = useNavigate();
  return (
    <KeyProtectedScreen
      onOpenApp={(token) => {
        useAuthStore.getState().setToken(token);
        void navigate({ to: '/', replace: true });
      }}
    />
  );
}

export const Route = createFileRoute('/key-auth/protected')({
  staticData: { title: 'Protected Page' },
  // The loader ships with the screen's code: key login's store and calls stay out of the app's
  // first load, which every other screen pays for.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => {
    const token = useKeyAuthStore.getState().token;
    if (token) prefetchKeyUser(context.queryClient, context.trpcClient, token);
  },
  component: KeyProtectedRoute,
});
