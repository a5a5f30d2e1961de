import { createFileRoute } from '@tanstack/react-router';
import { DefaultAccountPage } from '../../features/accounts/default-account-page.js';

export const Route = createFileRoute('/_authed/account')({ component: DefaultAccountPage });
