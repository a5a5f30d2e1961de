import { createFileRoute } from '@tanstack/react-router';
import { prefetchAppConfig } from '../../features/auth/api.js';
import { DemoMailboxScreen } from '../../features/auth/demo/demo-mailbox-screen.js';

/** Public on purpose: no guard, so it works signed in or out and in a new tab. */
export const Route = createFileRoute('/demo/mailbox')({
  staticData: { title: 'Demo mailbox' },
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' && search.email ? { email: search.email } : {},
  // The mailbox is read only in demo mode, which the configuration tells.
  loader: ({ context }) => prefetchAppConfig(context.trpc),
  component: function DemoMailboxRoute() {
    const { email } = Route.useSearch();
    return <DemoMailboxScreen email={email} />;
  },
});
