import { createFileRoute } from '@tanstack/react-router';
import { KeyConfirmScreen } from '../../features/key-auth/confirm-screen.js';

/** The page of the link sent to an email when a key is registered for it again. */
export const Route = createFileRoute('/key-auth/confirm')({
  staticData: { title: 'Confirm your new key' },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token ? { token: search.token } : {},
  component: function KeyConfirmRoute() {
    const { token } = Route.useSearch();
    return <KeyConfirmScreen token={token} />;
  },
});
