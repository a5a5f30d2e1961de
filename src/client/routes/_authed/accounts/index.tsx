import { createFileRoute } from '@tanstack/react-router';
import { AccountsPage } from '../../../features/accounts/accounts-page.js';

export const Route = createFileRoute('/_authed/accounts/')({ component: AccountsPage });
