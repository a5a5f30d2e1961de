import { createFileRoute } from '@tanstack/react-router';
import { OrganizationPage } from '../../features/books/organization-page.js';

export const Route = createFileRoute('/_authed/organization')({
  staticData: { title: 'Organization', breadcrumb: 'Organization' },
  loader: ({ context }) => {
    void context.trpc.book.get.prefetch({});
    void context.trpc.member.list.prefetch({});
  },
  component: OrganizationPage,
});
