import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';
import { prefetchDashboard } from '../../features/dashboard/dashboard-queries.js';

export const Route = createFileRoute('/_authed/')({
  loader: ({ context }) => prefetchDashboard(context.trpc),
  component: DashboardPage,
});
