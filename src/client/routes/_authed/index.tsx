import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_authed/')({
  component: () => <h1 className="text-2xl font-bold">Dashboard</h1>,
});
