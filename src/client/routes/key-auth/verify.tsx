import { createFileRoute } from '@tanstack/react-router';
import { KeyVerifyScreen } from '../../features/key-auth/verify-screen.js';

export const Route = createFileRoute('/key-auth/verify')({
  staticData: { title: 'Sign in with your key' },
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' && search.email ? { email: search.email } : {},
  component: function KeyVerifyRoute() {
    const { email } = Route.useSearch();
    return <KeyVerifyScreen initialEmail={email} />;
  },
});
