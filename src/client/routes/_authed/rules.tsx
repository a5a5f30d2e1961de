import { createFileRoute } from '@tanstack/react-router';
import { parseRulePrefill } from '../../../shared/rule-prefill.js';
import { RulesPage } from '../../features/import/rules-page.js';

export const Route = createFileRoute('/_authed/rules')({
  staticData: { title: 'Rules', breadcrumb: 'Rules' },
  // "Create rule" on a re-categorise toast lands here with the form prefilled.
  validateSearch: parseRulePrefill,
  component: RulesRoute,
});

function RulesRoute() {
  return <RulesPage prefill={Route.useSearch()} />;
}
