import { createFileRoute } from '@tanstack/react-router';
import { VerifyScreen } from '../../features/auth/verify-screen.js';

export const Route = createFileRoute('/_guest/verify')({
  staticData: { title: 'Verify your email' },
  component: VerifyScreen,
});
