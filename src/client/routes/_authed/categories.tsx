import { createFileRoute } from '@tanstack/react-router';
import { CategoriesPage } from '../../features/categories/categories-page.js';
import { prefetchCategoryGroups } from '../../lib/categories.js';

export const Route = createFileRoute('/_authed/categories')({
  staticData: { title: 'Categories', breadcrumb: 'Categories' },
  loader: ({ context }) => prefetchCategoryGroups(context.trpc),
  component: CategoriesPage,
});
