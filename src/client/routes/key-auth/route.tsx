import { Outlet, createFileRoute } from '@tanstack/react-router';
import { KeyAuthLayout } from '../../features/key-auth/key-auth-layout.js';

/** Key-login screens: public (no main-session guard); /protected checks the key token itself. */
export const Route = createFileRoute('/key-auth')({
  component: () => (
    <KeyAuthLayout>
      <Outlet />
    </KeyAuthLayout>
  ),
});
