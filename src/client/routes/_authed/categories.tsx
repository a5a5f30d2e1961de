import { createFileRoute } from '@tanstack/react-router';
import { prefetchCategoryList } from '../../features/categories/api.js';
import { CategoriesPage } from '../../features/categories/categories-page.js';

export const Route = createFileRoute('/_authed/categories')({
  staticData: { title: 'Categories', breadcrumb: 'Categories' },
  loader: ({ context }) => prefetchCategoryList(context.trpc),
  component: CategoriesPage,
});
