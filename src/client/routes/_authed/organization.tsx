import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/widgets/coming-soon.js';

export const Route = createFileRoute('/_authed/organization')({
  staticData: { title: 'Organization', breadcrumb: 'Organization' },
  component: () => <ComingSoon title="Organization" />,
});
