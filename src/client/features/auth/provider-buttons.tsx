import { Button } from '../../components/ui/button.js';
import { Spinner } from '../../components/ui/spinner.js';
import { GithubIcon, GoogleIcon } from './brand-icons.js';
import type { PendingAction, Provider } from './use-sign-in-actions.js';

const BUTTONS = [
  { provider: 'github', name: 'Github', Icon: GithubIcon },
  { provider: 'google', name: 'Google', Icon: GoogleIcon },
] as const;

/** "Login with Github" / "Login with Google": popup sign-in, same on /login and /signup. */
export function ProviderButtons(props: {
  pending: PendingAction | null;
  disabled: boolean;
  onSelect(provider: Provider): void;
}) {
  return (
    <div className="flex flex-col gap-3">
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
