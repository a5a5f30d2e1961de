import { createFileRoute } from '@tanstack/react-router';
import { KeyRegisterScreen } from '../../features/key-auth/register-screen.js';

export const Route = createFileRoute('/key-auth/register')({
  staticData: { title: 'Register a key' },
  component: KeyRegisterScreen,
});
