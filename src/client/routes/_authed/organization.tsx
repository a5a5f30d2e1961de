import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailablePage } from '../../components/widgets/not-yet-available.js';

export const Route = createFileRoute('/_authed/organization')({
  staticData: { title: 'Organization', breadcrumb: 'Organization' },
  component: () => (
    <NotYetAvailablePage
      title="Organization"
      instead={[
        { label: 'Your accounts', to: '/accounts' },
        { label: 'Settings', to: '/settings' },
      ]}
    >
      There is nothing on this page. Expense Tracker has no organizations yet: your accounts and
      entries are yours alone, and no one else can see them.
    </NotYetAvailablePage>
  ),
});
