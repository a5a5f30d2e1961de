import { createFileRoute } from '@tanstack/react-router';
import { SignupScreen } from '../../features/auth/signup-screen.js';

export const Route = createFileRoute('/_guest/signup')({
  staticData: { title: 'Sign up' },
  component: SignupScreen,
});
