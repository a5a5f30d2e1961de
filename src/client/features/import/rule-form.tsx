import { useId, useState } from 'react';
import type { RulePrefill } from '../../../shared/rule-prefill.js';
import type { Rule } from '../../../shared/schemas/rule.js';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { SubmitButton } from '../../components/forms/submit-button.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { keyedRequest } from '../../components/forms/use-submit.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { FieldError } from '../../components/forms/field-error.js';
import { Label } from '../../components/ui/label.js';
import { serverMessage } from '../../lib/api-error.js';
import { useRuleAccounts, useSaveRule, useTestRule, type RuleInput } from './api.js';
import { useCategoryGroups } from '../../lib/categories.js';
import { CategorySelect } from '../../components/widgets/category-select.js';
import {
  CONDITION_KINDS,
  CONDITION_LABELS,
  ruleDraft,
  ruleFormSchema,
  ruleFormValues,
  savedRuleValues,
  type ConditionKind,
  type RuleFormValues,
} from './rule-form-values.js';
import { RuleMatches, type TestedRule } from './rule-matches.js';

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

/** Where a message of the server belongs in the form (its own words, at the field). */
function fieldOfMessage(message: string): Path<RuleFormValues> | 'set' | null {
  if (/pattern|regular expression|backreference/i.test(message)) return 'value';
  if (/needs a condition/i.test(message)) return 'conditions';
  if (/something to set/i.test(message)) return 'set';
  if (/amountMin|amountMax|amount/i.test(message)) return 'amountMax';
  if (/category/i.test(message)) return 'categoryId';
  if (/account/i.test(message)) return 'accountId';
  if (/^name/i.test(message)) return 'name';
  return null;
}

/**
 * A rule, new or saved (`rule`: it is being edited): its condition rows (text, amount range,
 * account; each at most once, added and removed here), and what it sets. "Test" lists what it
 * would change among the latest entries, with "Apply to these N entries" (rule-matches.tsx).
 * An edit's "Create rule" prefills a new rule's condition, category and name. Once saved, the
 * page starts a new, empty form (`onSaved`).
 */
export function RuleForm(props: { prefill?: RulePrefill; rule?: Rule; onSaved: () => void }) {
  const id = useId();
  const editing = props.rule;
  const [tested, setTested] = useState<TestedRule | { problem: string } | null>(null);
  // Each test starts a new list (and forgets what the previous one applied).
  const [tests, setTests] = useState(0);
  const groups = useCategoryGroups().data ?? [];
  const accounts = useRuleAccounts().data ?? [];
  const save = useSaveRule();
  const test = useTestRule();
  const { form, submit, pending } = useAppForm({
    check: { schema: ruleFormSchema },
    defaultValues: editing ? savedRuleValues(editing) : ruleFormValues(props.prefill ?? {}),
    request: (input: RuleInput) =>
      keyedRequest(
        editing ? { ...input, id: editing.id, enabled: editing.enabled } : input,
        save.mutateAsync,
      ),
    success: editing ? 'Rule updated' : 'Rule added',
    failure: editing ? 'Failed to update the rule' : 'Failed to add the rule',
    // The server's reason at the field it is about, or as the form's toast.
    onFailure: (error) => {
      const message = serverMessage(error, 'The rule could not be saved');
      const field = fieldOfMessage(message);
      if (field) form.setError(field as Path<RuleFormValues>, { message });
      else form.setError('root', { message });
    },
    // A lasting toast, as the rules screen has always had.
    lasting: true,
    onDone: () => props.onSaved(),
  });

  const conditions = form.watch('conditions');
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;

  async function onTest() {
    // The same check as saving: what cannot be read is shown at its field, not tested.
    if (!(await form.trigger())) return;
    const draft = ruleDraft(form.getValues());
    try {
      setTested({ draft, result: await test.mutateAsync(draft) });
      setTests((count) => count + 1);
    } catch (error) {
      // The server's reason at the field it is about (an unsafe pattern...), else under the form.
      const message = serverMessage(error, 'The rule could not be tested');
      const at = fieldOfMessage(message);
      if (at) {
        form.setError(at as Path<RuleFormValues>, { message });
        setTested(null);
      } else setTested({ problem: message });
    }
  }

  function addCondition(kind: ConditionKind) {
    form.setValue('conditions', [...conditions, kind]);
    form.clearErrors('conditions');
  }

  function removeCondition(kind: ConditionKind) {
    form.setValue(
      'conditions',
      conditions.filter((shown) => shown !== kind),
    );
  }

  const field = (name: Path<RuleFormValues>) => ({ form, name, id: `${id}-${name}` });
  const missing = CONDITION_KINDS.filter((kind) => !conditions.includes(kind));
  const remove = (kind: ConditionKind) => (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Remove the ${CONDITION_LABELS[kind].toLowerCase()} condition`}
      onClick={() => removeCondition(kind)}
    >
      Remove
    </Button>
  );
  const heading = editing ? `Edit rule “${editing.name}”` : 'Add a rule';
  const row = (kind: ConditionKind) => {
    switch (kind) {
      case 'text':
        return (
          <fieldset key={kind} className="flex flex-wrap items-start gap-3" data-condition={kind}>
            <legend className="sr-only">Text condition</legend>
            <div className="min-w-40 flex-1 space-y-1">
              <Label htmlFor={`${id}-field`}>When</Label>
              <select id={`${id}-field`} className={selectClass} {...form.register('field')}>
                <option value="description">Description</option>
                <option value="payee">Payee</option>
                <option value="either">Description or payee</option>
              </select>
            </div>
            <div className="min-w-40 flex-1 space-y-1">
              <Label htmlFor={`${id}-operator`}>Test</Label>
              <select id={`${id}-operator`} className={selectClass} {...form.register('operator')}>
                <option value="contains">contains</option>
                <option value="equals">equals</option>
                <option value="matches">matches (regular expression)</option>
              </select>
            </div>
            <div className="min-w-40 flex-1">
              <GridInput {...field('value')} label="Text" />
            </div>
            <div className="self-end pb-1">{remove(kind)}</div>
          </fieldset>
        );
      case 'amount':
        return (
          <fieldset key={kind} className="flex flex-wrap items-start gap-3" data-condition={kind}>
            <legend className="sr-only">Amount condition</legend>
            <div className="min-w-40 flex-1">
              <GridInput
                {...field('amountMin')}
                id={`${id}-min`}
                label="Amount from"
                inputMode="decimal"
              />
            </div>
            <div className="min-w-40 flex-1">
              <GridInput
                {...field('amountMax')}
                id={`${id}-max`}
                label="Amount up to"
                inputMode="decimal"
              />
            </div>
            <div className="self-end pb-1">{remove(kind)}</div>
          </fieldset>
        );
      case 'account': {
        const error = errors.accountId?.message;
        return (
          <fieldset key={kind} className="flex flex-wrap items-start gap-3" data-condition={kind}>
            <legend className="sr-only">Account condition</legend>
            <div className="min-w-40 flex-1 space-y-1">
              <Label htmlFor={`${id}-account`}>Only on account</Label>
              <select
                id={`${id}-account`}
                className={selectClass}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-account-error` : undefined}
                {...form.register('accountId')}
              >
                <option value="">Choose an account</option>
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.title}
                  </option>
                ))}
              </select>
              <FieldError id={`${id}-account-error`} message={error} />
            </div>
            <div className="self-end pb-1">{remove(kind)}</div>
          </fieldset>
        );
      }
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={heading}
      className="space-y-4 rounded-xl border border-border p-4"
    >
      <h2 className="text-lg font-semibold">{heading}</h2>
      <div className="max-w-sm">
        <GridInput
          {...field('name')}
          label="Name"
          // Arriving from "Create rule" or "Edit", the form is where the person goes next.
          autoFocus={props.prefill?.ruleText !== undefined || editing !== undefined}
        />
      </div>
      <section aria-label="Conditions" className="space-y-3">
        <h3 className="text-sm font-medium">When an entry matches all of these</h3>
        {conditions.map(row)}
        <FieldError id={`${id}-conditions-error`} message={errors.conditions?.message} />
        {missing.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {missing.map((kind) => (
              <Button key={kind} variant="outline" size="sm" onClick={() => addCondition(kind)}>
                Add {CONDITION_LABELS[kind].toLowerCase()} condition
              </Button>
            ))}
          </div>
        )}
      </section>
      <section aria-label="Actions" className="space-y-3">
        <h3 className="text-sm font-medium">Set</h3>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor={`${id}-category`}>Set category</Label>
            <CategorySelect
              id={`${id}-category`}
              value={form.watch('categoryId')}
              onChange={(value) => form.setValue('categoryId', value)}
              groups={groups}
              emptyOption={{ value: '', label: 'No change' }}
            />
            <FieldError id={`${id}-categoryId-error`} message={errors.categoryId?.message} />
          </div>
          <GridInput {...field('payee')} label="Set payee" />
          <GridInput {...field('tags')} label="Set tags (comma-separated)" />
          <GridInput {...field('description')} label="Set description" />
        </div>
        <FieldError id={`${id}-set-error`} message={errors.set?.message} />
      </section>
      <FieldError id={`${id}-root-error`} message={errors.root?.message} />
      {tested &&
        ('problem' in tested ? (
          <p role="status" className="text-sm text-destructive">
            {tested.problem}
          </p>
        ) : (
          <RuleMatches key={tests} tested={tested} accounts={accounts} />
        ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void onTest()} disabled={test.isPending}>
          Test
        </Button>
        <SubmitButton pending={pending} className="">
          {editing ? 'Save rule' : 'Add rule'}
        </SubmitButton>
        {editing && (
          <Button variant="ghost" onClick={props.onSaved}>
            Cancel edit
          </Button>
        )}
      </div>
    </form>
  );
}
