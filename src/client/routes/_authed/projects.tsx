import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.js';

export const Route = createFileRoute('/_authed/projects')({
  component: () => <ComingSoon title="Projects" />,
});
