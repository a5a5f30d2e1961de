import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/overlays/dialog.js';
import { Input } from '../../../components/ui/input.js';
import { Label } from '../../../components/ui/label.js';
import { Spinner } from '../../../components/ui/spinner.js';
import type { Provider } from '../sign-in/use-sign-in-actions.js';

const NAMES: Record<Provider, string> = { google: 'Google', github: 'Github' };

/**
 * Demo mode's stand-in for the provider's sign-in screen: which account to sign in as. Mounted
 * per provider (keyed by it), so the suggested email follows the provider chosen.
 */
export function DemoProviderDialog(props: {
  provider: Provider;
  pending: boolean;
  onCancel: () => void;
  onContinue: (provider: Provider, account: { email: string; name: string }) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState(`${props.provider}.user@example.com`);
  const [name, setName] = useState('Demo User');
  const provider = props.provider;
  const label = NAMES[provider];

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={`Sign in with ${label} (demo)`}
      description={`Demo mode: this stands in for ${label}'s sign-in screen, like the Firebase Auth emulator's own. Nothing leaves this machine.`}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          props.onContinue(provider, { email: email.trim(), name: name.trim() || 'Demo User' });
        }}
      >
        <div className="space-y-2">
          <Label htmlFor={`${id}-email`}>{label} account email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>Display name</Label>
          <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={props.onCancel} disabled={props.pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={props.pending || !email.trim()}>
            {props.pending && <Spinner className="h-4 w-4" label="Signing in" />}
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
