import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_guest/login')({
  component: () => <h1 className="text-2xl font-bold">Welcome back</h1>,
});
