import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/widgets/coming-soon.js';

export const Route = createFileRoute('/_authed/projects')({
  staticData: { title: 'Projects', breadcrumb: 'Projects' },
  component: () => <ComingSoon title="Projects" />,
});
