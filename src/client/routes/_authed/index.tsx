import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';

export const Route = createFileRoute('/_authed/')({ component: DashboardPage });
