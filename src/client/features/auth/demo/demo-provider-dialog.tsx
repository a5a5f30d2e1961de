import { useId } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.js';
import { Dialog } from '../../../components/overlays/dialog.js';
import { SubmitButton } from '../../../components/forms/submit-button.js';
import { TextField } from '../../../components/forms/text-field.js';
import { useCheckedForm } from '../../../components/forms/use-checked-form.js';
import type { Provider } from '../sign-in/use-sign-in-actions.js';

const NAMES: Record<Provider, string> = { google: 'Google', github: 'Github' };

/** The browser checks the email (type="email", required); an empty name is the demo's own. */
const demoAccountSchema = z.object({
  email: z.string().trim(),
  name: z
    .string()
    .trim()
    .transform((name) => name || 'Demo User'),
});

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
  const provider = props.provider;
  const label = NAMES[provider];
  const { form, submit } = useCheckedForm({
    check: { schema: demoAccountSchema },
    defaultValues: { email: `${provider}.user@example.com`, name: 'Demo User' },
    onValid: (account) => props.onContinue(provider, account),
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && props.onCancel()}
      title={`Sign in with ${label} (demo)`}
      description={`Demo mode: this stands in for ${label}'s sign-in screen, like the Firebase Auth emulator's own. Nothing leaves this machine.`}
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)}>
        <TextField
          form={form}
          name="email"
          id={`${id}-email`}
          label={`${label} account email`}
          type="email"
          required
        />
        <TextField form={form} name="name" id={`${id}-name`} label="Display name" />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={props.onCancel} disabled={props.pending}>
            Cancel
          </Button>
          <SubmitButton
            pending={props.pending}
            pendingLabel="Signing in"
            className=""
            disabled={!form.watch('email').trim()}
          >
            Continue
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
