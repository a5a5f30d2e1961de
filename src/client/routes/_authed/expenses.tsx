import { createFileRoute } from '@tanstack/react-router';
import { ExpensesPage } from '../../features/expenses/expenses-page.js';

export const Route = createFileRoute('/_authed/expenses')({ component: ExpensesPage });
