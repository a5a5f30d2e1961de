import { createFileRoute } from '@tanstack/react-router';
import { TestPage } from '../../features/test-page/test-page.js';

export const Route = createFileRoute('/_authed/test')({ component: TestPage });
