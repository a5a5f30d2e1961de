import { createFileRoute } from '@tanstack/react-router';
import { AllAccountsPage } from '../../../features/accounts/all-accounts-page.js';

export const Route = createFileRoute('/_authed/accounts/all')({ component: AllAccountsPage });
