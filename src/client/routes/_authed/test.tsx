import { createFileRoute } from '@tanstack/react-router';
import { LogoutDialog } from '../../features/auth/logout/logout-dialog.js';
import { TestPage } from '../../features/test-page/test-page.js';

export const Route = createFileRoute('/_authed/test')({
  staticData: { title: 'Test', breadcrumb: 'Test' },
  component: () => <TestPage logoutDialog={LogoutDialog} />,
});
