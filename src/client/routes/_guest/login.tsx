import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../features/auth/login-screen.js';

export const Route = createFileRoute('/_guest/login')({
  staticData: { title: 'Login' },
  component: LoginScreen,
});
