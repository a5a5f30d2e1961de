import { createFileRoute } from '@tanstack/react-router';
import { RulesPage } from '../../features/import/rules-page.js';

export const Route = createFileRoute('/_authed/rules')({
  staticData: { title: 'Rules', breadcrumb: 'Rules' },
  component: RulesPage,
});
