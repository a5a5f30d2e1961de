import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.js';

export const Route = createFileRoute('/_authed/analytics')({
  component: () => <ComingSoon title="Analytics" />,
});
