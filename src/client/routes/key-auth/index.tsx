import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/key-auth/')({
  beforeLoad: () => {
    throw redirect({ to: '/key-auth/register', replace: true });
  },
});
