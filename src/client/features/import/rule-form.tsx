import { useId, useState, type FormEvent } from 'react';
import { RULE_NAME_MAX } from '../../../shared/limits.js';
import type { RulePrefill } from '../../../shared/rule-prefill.js';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { failureToast, serverMessage } from '../../lib/api-error.js';
import { useSubmission } from '../../lib/use-submission.js';
import { useSaveRule, useTestRule, type RuleInput } from './api.js';
import { useCategoryGroups } from '../../lib/categories.js';
import { CategorySelect } from '../../components/widgets/category-select.js';

const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * A new rule: a text condition and an amount range, and what it sets. "Test" shows what it
 * would match among the latest entries before it is saved. An edit's "Create rule" prefills
 * the condition, the category and the name; nothing is saved until the person saves.
 */
export function RuleForm(props: { prefill?: RulePrefill }) {
  const id = useId();
  const prefill = props.prefill ?? {};
  const [name, setName] = useState(prefill.ruleText?.slice(0, RULE_NAME_MAX) ?? '');
  const [field, setField] = useState<'description' | 'payee' | 'either'>(
    prefill.ruleField ?? 'description',
  );
  const [operator, setOperator] = useState<'contains' | 'equals' | 'matches'>('contains');
  const [value, setValue] = useState(prefill.ruleText ?? '');
  const [amountMin, setAmountMin] = useState('');
  const [amountMax, setAmountMax] = useState('');
  const [categoryId, setCategoryId] = useState(prefill.ruleCategoryId ?? '');
  const [payee, setPayee] = useState('');
  const [tags, setTags] = useState('');
  const [description, setDescription] = useState('');
  const [tested, setTested] = useState<string | null>(null);
  const groups = useCategoryGroups().data ?? [];
  const save = useSaveRule();
  const test = useTestRule();
  const submission = useSubmission();

  const draft = (): RuleInput => ({
    name,
    match: value.trim() ? { field, operator, value } : null,
    amountMin: optionalNumber(amountMin),
    amountMax: optionalNumber(amountMax),
    set: {
      categoryId: categoryId || null,
      payee: payee || null,
      tags: tags.trim()
        ? tags
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean)
        : null,
      description: description || null,
    },
  });

  async function onTest() {
    try {
      const result = await test.mutateAsync(draft());
      setTested(`Matches ${result.matched} of your latest ${result.scanned} entries.`);
    } catch (error) {
      setTested(serverMessage(error, 'The rule could not be tested'));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = draft();
    try {
      const done = await submission.run(input, (idempotencyKey) =>
        save.mutateAsync({ ...input, idempotencyKey }),
      );
      if (!done) return;
      toast.success('Rule added');
      setName('');
      setValue('');
      setCategoryId('');
      setTested(null);
    } catch (error) {
      const { message, description: detail } = failureToast(error, 'Failed to add the rule');
      toast.error(message, { description: detail });
    }
  }

  const text = (
    key: string,
    label: string,
    state: string,
    set: (v: string) => void,
    type = 'text',
  ) => (
    <div className="space-y-1">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input id={`${id}-${key}`} type={type} value={state} onChange={(e) => set(e.target.value)} />
    </div>
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4 rounded-xl border border-border p-4"
    >
      <h2 className="text-lg font-semibold">Add a rule</h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <div className="space-y-1">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            // Arriving from "Create rule", the prefilled form is where the person goes next.
            autoFocus={prefill.ruleText !== undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-field`}>When</Label>
          <select
            id={`${id}-field`}
            className={selectClass}
            value={field}
            onChange={(e) => setField(e.target.value as typeof field)}
          >
            <option value="description">Description</option>
            <option value="payee">Payee</option>
            <option value="either">Description or payee</option>
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-operator`}>Test</Label>
          <select
            id={`${id}-operator`}
            className={selectClass}
            value={operator}
            onChange={(e) => setOperator(e.target.value as typeof operator)}
          >
            <option value="contains">contains</option>
            <option value="equals">equals</option>
            <option value="matches">matches (regular expression)</option>
          </select>
        </div>
        {text('value', 'Text', value, setValue)}
        {text('min', 'Amount from', amountMin, setAmountMin, 'number')}
        {text('max', 'Amount up to', amountMax, setAmountMax, 'number')}
        <div className="space-y-1">
          <Label htmlFor={`${id}-category`}>Set category</Label>
          <CategorySelect
            id={`${id}-category`}
            value={categoryId}
            onChange={setCategoryId}
            groups={groups}
            emptyOption={{ value: '', label: 'No change' }}
          />
        </div>
        {text('payee', 'Set payee', payee, setPayee)}
        {text('tags', 'Set tags (comma-separated)', tags, setTags)}
        {text('description', 'Set description', description, setDescription)}
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
        <Button type="submit" disabled={submission.pending || name.trim() === ''}>
          Add rule
        </Button>
      </div>
    </form>
  );
}
