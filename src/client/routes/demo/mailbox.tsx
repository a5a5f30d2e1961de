import { createFileRoute } from '@tanstack/react-router';
import { DemoMailboxScreen } from '../../features/auth/demo-mailbox-screen.js';

/** Public on purpose: no guard, so it works signed in or out and in a new tab. */
export const Route = createFileRoute('/demo/mailbox')({
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' && search.email ? { email: search.email } : {},
  component: function DemoMailboxRoute() {
    const { email } = Route.useSearch();
    return <DemoMailboxScreen email={email} />;
  },
});
