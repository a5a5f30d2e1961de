import { createFileRoute } from '@tanstack/react-router';
import { prefetchAppConfig } from '../../features/auth/api.js';
import { DemoActionScreen } from '../../features/auth/demo/demo-action-screen.js';

interface ActionSearch {
  mode?: string;
  oobCode?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** Public like the mailbox: the demo's email links open here, signed in or not. */
export const Route = createFileRoute('/demo/action')({
  staticData: { title: 'Email verification' },
  validateSearch: (search: Record<string, unknown>): ActionSearch => {
    const mode = text(search.mode);
    const oobCode = text(search.oobCode);
    return { ...(mode && { mode }), ...(oobCode && { oobCode }) };
  },
  loader: ({ context }) => prefetchAppConfig(context.trpc),
  component: function DemoActionRoute() {
    const { mode, oobCode } = Route.useSearch();
    return <DemoActionScreen mode={mode} oobCode={oobCode} />;
  },
});
