import { createFileRoute } from '@tanstack/react-router';
import { NotYetAvailablePage } from '../../components/widgets/not-yet-available.js';

export const Route = createFileRoute('/_authed/projects')({
  staticData: { title: 'Projects', breadcrumb: 'Projects' },
  component: () => (
    <NotYetAvailablePage
      title="Projects"
      instead={[
        { label: 'Categories', to: '/categories' },
        { label: 'Analytics', to: '/analytics' },
      ]}
    >
      There is nothing on this page. Expense Tracker has no projects yet. To group spending, give
      your entries categories or tags and look at them in Analytics.
    </NotYetAvailablePage>
  ),
});
