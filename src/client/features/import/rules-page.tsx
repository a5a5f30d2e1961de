import { useState } from 'react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import type { Rule } from '../../../shared/schemas/rule.js';
import type { RulePrefill } from '../../../shared/rule-prefill.js';
import { Button } from '../../components/ui/button.js';
import { useSubmit } from '../../components/forms/use-submit.js';
import { useDeleteRule, useReorderRules, useRuleAccounts, useRules, useSaveRule } from './api.js';
import { ManualRulesSwitch } from './manual-rules-switch.js';
import { RuleForm } from './rule-form.js';
import { categoryNames, useCategoryGroups } from '../../lib/categories.js';

function describeRule(
  rule: Rule,
  categories: Map<string, string>,
  accounts: Map<string, string>,
): string {
  const parts: string[] = [];
  if (rule.match) parts.push(`${rule.match.field} ${rule.match.operator} “${rule.match.value}”`);
  if (rule.amountMin !== null) parts.push(`amount from ${rule.amountMin}`);
  if (rule.amountMax !== null) parts.push(`amount up to ${rule.amountMax}`);
  if (rule.accountId) parts.push(`account “${accounts.get(rule.accountId) ?? 'deleted'}”`);
  const sets: string[] = [];
  if (rule.set.categoryId) {
    const name = categories.get(rule.set.categoryId);
    sets.push(name === undefined ? 'a category' : `category “${name}”`);
  }
  if (rule.set.payee) sets.push(`payee “${rule.set.payee}”`);
  if (rule.set.tags) sets.push(`tags ${rule.set.tags.join(', ')}`);
  if (rule.set.description) sets.push(`description “${rule.set.description}”`);
  return `When ${parts.join(', ')}: set ${sets.join(', ')}`;
}

/**
 * /rules: the book's rules in the order they apply (the first match wins), the setting that
 * applies them to entries added by hand, and the form: a new rule (prefilled when an edit
 * suggested one), or the saved rule whose "Edit" was pressed. Once a rule is saved, the form
 * starts again empty: nothing of the previous rule is carried to the next.
 */
export function RulesPage(props: { prefill: RulePrefill }) {
  const rules = useRules().data ?? [];
  const accounts = new Map((useRuleAccounts().data ?? []).map((a) => [a.id, a.title]));
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = rules.find((rule) => rule.id === editingId);
  // Forms saved since this prefill arrived: after the first, a new form is empty.
  const prefillKey = JSON.stringify(props.prefill);
  const [saved, setSaved] = useState({ prefillKey, count: 0 });
  const savedCount = saved.prefillKey === prefillKey ? saved.count : 0;
  const onSaved = () => {
    setEditingId(null);
    setSaved({ prefillKey, count: savedCount + 1 });
  };
  const categories = categoryNames(useCategoryGroups().data);
  const save = useSaveRule();
  const remove = useDeleteRule();
  const reorder = useReorderRules();
  const { submit } = useSubmit({ lasting: true });

  const act = (payload: unknown, send: (key: string) => Promise<unknown>, failure: string) =>
    submit({ payload, send, failure });

  const move = (index: number, by: number) => {
    const ids = rules.map((rule) => rule.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    void act(
      ids,
      (idempotencyKey) => reorder.mutateAsync({ ruleIds: ids, idempotencyKey }),
      'Failed to reorder the rules',
    );
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Rules</h1>
      <p className="text-sm text-muted-foreground">
        Rules apply to imported rows in this order; the first one that matches sets its fields.
      </p>
      <ManualRulesSwitch />
      {rules.length === 0 ? (
        <p className="text-sm">No rules yet.</p>
      ) : (
        <ol className="space-y-2">
          {rules.map((rule, index) => (
            <li
              key={rule.id}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-border p-3"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium">{rule.name}</p>
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                  {describeRule(rule, categories, accounts)}
                </p>
              </div>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={rule.enabled}
                  onChange={(event) => {
                    const { id, name, match, amountMin, amountMax, accountId, set } = rule;
                    const input = {
                      id,
                      name,
                      match,
                      amountMin,
                      amountMax,
                      accountId,
                      set,
                      enabled: event.target.checked,
                    };
                    void act(
                      input,
                      (idempotencyKey) => save.mutateAsync({ ...input, idempotencyKey }),
                      'Failed to change the rule',
                    );
                  }}
                />
                Enabled
              </label>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Move ${rule.name} up`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUp aria-hidden className="h-4 w-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Move ${rule.name} down`}
                disabled={index === rules.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDown aria-hidden className="h-4 w-4" />
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Edit ${rule.name}`}
                disabled={rule.id === editingId}
                onClick={() => setEditingId(rule.id)}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Delete ${rule.name}`}
                onClick={() =>
                  void act(
                    rule.id,
                    (idempotencyKey) => remove.mutateAsync({ id: rule.id, idempotencyKey }),
                    'Failed to delete the rule',
                  )
                }
              >
                Delete
              </Button>
            </li>
          ))}
        </ol>
      )}
      {/* A new prefill (another "Create rule"), a rule to edit or a save starts the form afresh. */}
      {editing ? (
        <RuleForm key={`edit-${editing.id}`} rule={editing} onSaved={onSaved} />
      ) : (
        <RuleForm
          key={`new-${prefillKey}-${savedCount}`}
          prefill={savedCount === 0 ? props.prefill : {}}
          onSaved={onSaved}
        />
      )}
    </div>
  );
}
