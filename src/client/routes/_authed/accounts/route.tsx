import { Outlet, createFileRoute } from '@tanstack/react-router';

/** /accounts and what lies under it: one crumb, Accounts, linking to the list. */
export const Route = createFileRoute('/_authed/accounts')({
  staticData: { breadcrumb: 'Accounts' },
  component: Outlet,
});
