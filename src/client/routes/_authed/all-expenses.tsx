import { createFileRoute } from '@tanstack/react-router';
import { AllExpensesPage } from '../../features/expenses/all-expenses-page.js';

export const Route = createFileRoute('/_authed/all-expenses')({ component: AllExpensesPage });
