import { lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { GithubIcon, GoogleIcon } from './brand-icons.js';
import type { useSignInActions } from './use-sign-in-actions.js';

// Only demo mode opens it, and only after a click: the dialog code stays off the login screen's
// first load.
const DemoProviderDialog = lazy(() =>
  import('../demo/demo-provider-dialog.js').then((module) => ({
    default: module.DemoProviderDialog,
  })),
);

const BUTTONS = [
  { provider: 'github', name: 'Github', Icon: GithubIcon },
  { provider: 'google', name: 'Google', Icon: GoogleIcon },
] as const;

/**
 * "Login with Github" / "Login with Google", same on /login and /signup: a popup with a real
 * Firebase project, the demo stand-in screen in demo mode.
 */
export function ProviderButtons({ actions }: { actions: ReturnType<typeof useSignInActions> }) {
  const props = {
    pending: actions.pending,
    disabled: !actions.available,
    onSelect: actions.loginWithProvider,
  };
  return (
    <div className="flex flex-col gap-3">
      {actions.demoProvider && (
        <Suspense fallback={null}>
          <DemoProviderDialog
            key={actions.demoProvider}
            provider={actions.demoProvider}
            pending={actions.pending !== null}
            onCancel={actions.closeDemoProvider}
            onContinue={(provider, account) => void actions.demoLogin(provider, account)}
          />
        </Suspense>
      )}
      {BUTTONS.map(({ provider, name, Icon }) => (
        <Button
          key={provider}
          variant="outline"
          className="w-full"
          disabled={props.disabled || props.pending !== null}
          aria-busy={props.pending === provider}
          onClick={() => props.onSelect(provider)}
        >
          {props.pending === provider ? (
            <Spinner className="h-4 w-4" label={`Signing in with ${name}`} />
          ) : (
            <Icon className="h-4 w-4" />
          )}
          {`Login with ${name}`}
        </Button>
      ))}
    </div>
  );
}
