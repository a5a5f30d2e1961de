import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../components/coming-soon.js';

export const Route = createFileRoute('/_authed/organization')({
  component: () => <ComingSoon title="Organization" />,
});
