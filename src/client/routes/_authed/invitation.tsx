import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../../features/books/invitation-page.js';

export const Route = createFileRoute('/_authed/invitation')({
  staticData: { title: 'Invitation', breadcrumb: 'Invitation' },
  component: InvitationPage,
});
