import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { Input, Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { Select } from '../../components/ui/select.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ACCOUNT_ICON_OPTIONS } from './account-icon.js';
import {
  EMPTY_ACCOUNT_FORM,
  changesAccount,
  checkAccountForm,
  formValuesOf,
  type AccountFormValues,
} from './account-form-values.js';
import { useSaveAccount } from './use-save-account.js';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Adds an account, or edits the one passed in. After a successful save the form goes back to its
 * defaults and `onSaved` runs (a dialog closes itself there).
 */
export function AccountForm({ account, onSaved }: { account?: Account; onSaved?(): void }) {
  const id = useId();
  const [values, setValues] = useState<AccountFormValues>(() => formValuesOf(account));
  const { save, pending } = useSaveAccount(account);
  const set = (patch: Partial<AccountFormValues>) => setValues((prev) => ({ ...prev, ...patch }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const check = checkAccountForm(values);
    if (!check.ok) {
      toast.error(check.message);
      return;
    }
    if (account && !changesAccount(account, check.fields)) {
      toast.info('No changes to update.');
      return;
    }
    if (await save(check.fields)) {
      setValues(EMPTY_ACCOUNT_FORM);
      onSaved?.();
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <div className="space-y-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={values.title}
          onChange={(event) => set({ title: event.target.value })}
          placeholder="e.g. Savings"
          required
          aria-required
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          placeholder="What is this account for? (optional)"
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-icon`}>Icon</Label>
        <Select
          id={`${id}-icon`}
          ariaLabel="Icon"
          placeholder="Choose an icon"
          value={values.icon}
          onValueChange={(icon) => set({ icon })}
          options={ACCOUNT_ICON_OPTIONS}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-color`}>Color</Label>
        <div className="flex items-center gap-2">
          <Input
            id={`${id}-color`}
            type="color"
            className="h-10 w-14 shrink-0 cursor-pointer p-1"
            value={HEX_COLOR.test(values.color) ? values.color : EMPTY_ACCOUNT_FORM.color}
            onChange={(event) => set({ color: event.target.value })}
          />
          <Label htmlFor={`${id}-color-hex`} className="sr-only">
            Color hex code
          </Label>
          <Input
            id={`${id}-color-hex`}
            value={values.color}
            onChange={(event) => set({ color: event.target.value })}
            placeholder="#10b981"
            maxLength={7}
            spellCheck={false}
          />
        </div>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <Spinner className="h-4 w-4" label="Saving" />}
        {account ? 'Save Changes' : 'Add Account'}
      </Button>
    </form>
  );
}
