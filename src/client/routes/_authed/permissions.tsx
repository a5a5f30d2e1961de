import { createFileRoute } from '@tanstack/react-router';
import { PermissionsPage } from '../../features/books/permissions-page.js';

export const Route = createFileRoute('/_authed/permissions')({
  staticData: { title: 'Permissions', breadcrumb: 'Permissions' },
  component: PermissionsPage,
});
