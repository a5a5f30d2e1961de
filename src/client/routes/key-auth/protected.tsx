import { createFileRoute } from '@tanstack/react-router';
import { KeyProtectedScreen } from '../../features/key-auth/protected-screen.js';

export const Route = createFileRoute('/key-auth/protected')({ component: KeyProtectedScreen });
