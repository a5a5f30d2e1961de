import { useId, useState, type FormEvent } from 'react';
import { DESCRIPTION_MAX, TITLE_MAX, type Account } from '../../../shared/schemas/account.js';
import { Button } from '../../components/ui/button.js';
import { Input, Textarea } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { FieldError } from '../../components/forms/field-error.js';
import { Select } from '../../components/ui/select.js';
import { Spinner } from '../../components/ui/spinner.js';
import { ACCOUNT_ICON_OPTIONS } from '../../components/widgets/account-icon.js';
import { cn } from '../../lib/cn.js';
import { screenToast } from '../../lib/screen-toast.js';
import {
  EMPTY_ACCOUNT_FORM,
  changesAccount,
  checkAccountForm,
  colorProblem,
  formValuesOf,
  type AccountFieldErrors,
  type AccountFormValues,
} from './account-form-values.js';
import { useSaveAccount } from './use-save-account.js';

/**
 * Adds an account, or edits the one passed in. Each problem shows under its field (and the
 * spec's toast says the first); the title and description take no more than the server keeps;
 * the swatch shows the colour typed, or the colour's problem. After a successful save the form
 * goes back to its defaults and `onSaved` runs (a dialog closes itself there).
 */
export function AccountForm({ account, onSaved }: { account?: Account; onSaved?: () => void }) {
  const id = useId();
  const [values, setValues] = useState<AccountFormValues>(() => formValuesOf(account));
  const [errors, setErrors] = useState<AccountFieldErrors>({});
  const [colorTouched, setColorTouched] = useState(false);
  const { save, pending } = useSaveAccount(account);
  const set = (patch: Partial<AccountFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    // A field's message goes once it is edited; it comes back on the next submit if still wrong.
    setErrors((prev) =>
      Object.fromEntries(Object.entries(prev).filter(([field]) => !(field in patch))),
    );
  };

  const liveColorError = colorTouched ? colorProblem(values.color) : null;
  const colorError = errors.color ?? liveColorError;
  const colorValid = colorProblem(values.color) === null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const check = checkAccountForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      screenToast.error(check.message);
      return;
    }
    setErrors({});
    if (account && !changesAccount(account, check.fields)) {
      screenToast.info('No changes to update.');
      return;
    }
    if (await save(check.fields)) {
      setValues(EMPTY_ACCOUNT_FORM);
      setColorTouched(false);
      onSaved?.();
    }
  }

  const ids = {
    title: `${id}-title`,
    description: `${id}-description`,
    icon: `${id}-icon`,
    color: `${id}-color`,
    hex: `${id}-color-hex`,
  };
  const errorId = (field: string) => `${id}-${field}-error`;
  const describedBy = (field: keyof AccountFieldErrors, problem: string | null | undefined) =>
    problem ? errorId(field) : undefined;

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
      <div className="space-y-2">
        <Label htmlFor={ids.title}>Title</Label>
        <Input
          id={ids.title}
          value={values.title}
          onChange={(event) => set({ title: event.target.value })}
          placeholder="e.g. Savings"
          maxLength={TITLE_MAX}
          required
          aria-required
          aria-invalid={Boolean(errors.title) || undefined}
          aria-describedby={describedBy('title', errors.title)}
        />
        <FieldError id={errorId('title')} message={errors.title} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea
          id={ids.description}
          value={values.description}
          onChange={(event) => set({ description: event.target.value })}
          placeholder="What is this account for? (optional)"
          maxLength={DESCRIPTION_MAX}
          aria-invalid={Boolean(errors.description) || undefined}
          aria-describedby={describedBy('description', errors.description)}
        />
        <FieldError id={errorId('description')} message={errors.description} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.icon}>Icon</Label>
        <Select
          id={ids.icon}
          ariaLabel="Icon"
          placeholder="Choose an icon"
          value={values.icon}
          onValueChange={(icon) => set({ icon })}
          options={ACCOUNT_ICON_OPTIONS}
        />
        <FieldError id={errorId('icon')} message={errors.icon} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.color}>Color</Label>
        <div className="flex items-center gap-2">
          {/* The picker can only hold a valid colour: while the text is not one, it says so. */}
          <Input
            id={ids.color}
            type="color"
            className={cn(
              'h-10 w-14 shrink-0 cursor-pointer p-1',
              !colorValid && 'border-2 border-dashed border-destructive opacity-60',
            )}
            value={colorValid ? values.color.trim().toLowerCase() : EMPTY_ACCOUNT_FORM.color}
            onChange={(event) => set({ color: event.target.value })}
            aria-invalid={!colorValid || undefined}
            aria-describedby={describedBy('color', colorError)}
          />
          <Label htmlFor={ids.hex} className="sr-only">
            Color hex code
          </Label>
          <Input
            id={ids.hex}
            value={values.color}
            onChange={(event) => set({ color: event.target.value })}
            onBlur={() => setColorTouched(true)}
            placeholder="#10b981"
            maxLength={7}
            spellCheck={false}
            aria-invalid={Boolean(colorError) || undefined}
            aria-describedby={describedBy('color', colorError)}
          />
        </div>
        <FieldError id={errorId('color')} message={colorError} />
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <Spinner className="h-4 w-4" label="Saving" />}
        {account ? 'Save Changes' : 'Add Account'}
      </Button>
    </form>
  );
}
