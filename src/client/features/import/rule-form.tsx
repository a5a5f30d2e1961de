import { useId, useState } from 'react';
import type { RulePrefill } from '../../../shared/rule-prefill.js';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { FieldError } from '../../components/forms/field-error.js';
import { Label } from '../../components/ui/label.js';
import { serverMessage } from '../../lib/api-error.js';
import { useSaveRule, useTestRule } from './api.js';
import { useCategoryGroups } from '../../lib/categories.js';
import { CategorySelect } from '../../components/widgets/category-select.js';
import { ruleDraft, ruleFormSchema, ruleFormValues } from './rule-form-values.js';

const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';

/** One labelled input of the rule's grid (tighter than the forms' TextField). */
function GridInput<Values extends FieldValues>(props: {
  form: UseFormReturn<Values, unknown, unknown>;
  name: Path<Values>;
  id: string;
  label: string;
  inputMode?: 'decimal';
  autoFocus?: boolean;
}) {
  const error = props.form.getFieldState(props.name, props.form.formState).error?.message;
  const errorId = `${props.id}-error`;
  return (
    <div className="space-y-1">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        type="text"
        inputMode={props.inputMode}
        autoComplete={props.inputMode ? 'off' : undefined}
        autoFocus={props.autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props.form.register(props.name)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A new rule: a text condition and an amount range, and what it sets. "Test" shows what it
 * would match among the latest entries before it is saved. An edit's "Create rule" prefills
 * the condition, the category and the name; nothing is saved until the person saves.
 */
export function RuleForm(props: { prefill?: RulePrefill }) {
  const id = useId();
  const [tested, setTested] = useState<string | null>(null);
  const groups = useCategoryGroups().data ?? [];
  const save = useSaveRule();
  const test = useTestRule();
  const { form, submit, pending } = useAppForm({
    check: { schema: ruleFormSchema },
    defaultValues: ruleFormValues(props.prefill ?? {}),
    request: (input) => keyedRequest(input, save.mutateAsync),
    success: 'Rule added',
    failure: 'Failed to add the rule',
    // A lasting toast, as the rules screen has always had.
    lasting: true,
    // The condition and its category go; the rest stays for a similar next rule.
    onDone: () => {
      for (const field of ['name', 'value', 'categoryId'] as const) form.setValue(field, '');
      setTested(null);
    },
  });

  async function onTest() {
    // The same check as saving: an amount bound that cannot be read is shown, not tested.
    if (!(await form.trigger())) return;
    try {
      const result = await test.mutateAsync(ruleDraft(form.getValues()));
      setTested(`Matches ${result.matched} of your latest ${result.scanned} entries.`);
    } catch (error) {
      setTested(serverMessage(error, 'The rule could not be tested'));
    }
  }

  const field = (name: Path<ReturnType<typeof ruleFormValues>>) => ({
    form,
    name,
    id: `${id}-${name}`,
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-4 rounded-xl border border-border p-4"
    >
      <h2 className="text-lg font-semibold">Add a rule</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <GridInput
          {...field('name')}
          label="Name"
          // Arriving from "Create rule", the prefilled form is where the person goes next.
          autoFocus={props.prefill?.ruleText !== undefined}
        />
        <div className="space-y-1">
          <Label htmlFor={`${id}-field`}>When</Label>
          <select id={`${id}-field`} className={selectClass} {...form.register('field')}>
            <option value="description">Description</option>
            <option value="payee">Payee</option>
            <option value="either">Description or payee</option>
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-operator`}>Test</Label>
          <select id={`${id}-operator`} className={selectClass} {...form.register('operator')}>
            <option value="contains">contains</option>
            <option value="equals">equals</option>
            <option value="matches">matches (regular expression)</option>
          </select>
        </div>
        <GridInput {...field('value')} label="Text" />
        <GridInput
          {...field('amountMin')}
          id={`${id}-min`}
          label="Amount from"
          inputMode="decimal"
        />
        <GridInput
          {...field('amountMax')}
          id={`${id}-max`}
          label="Amount up to"
          inputMode="decimal"
        />
        <div className="space-y-1">
          <Label htmlFor={`${id}-category`}>Set category</Label>
          <CategorySelect
            id={`${id}-category`}
            value={form.watch('categoryId')}
            onChange={(value) => form.setValue('categoryId', value)}
            groups={groups}
            emptyOption={{ value: '', label: 'No change' }}
          />
        </div>
        <GridInput {...field('payee')} label="Set payee" />
        <GridInput {...field('tags')} label="Set tags (comma-separated)" />
        <GridInput {...field('description')} label="Set description" />
      </div>
      {tested && (
        <p role="status" className="text-sm">
          {tested}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void onTest()} disabled={test.isPending}>
          Test
        </Button>
        <SubmitButton pending={pending} className="" disabled={form.watch('name').trim() === ''}>
          Add rule
        </SubmitButton>
      </div>
    </form>
  );
}
