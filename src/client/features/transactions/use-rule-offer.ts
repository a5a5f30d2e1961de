import { useNavigate } from '@tanstack/react-router';
import { rulePrefillFromEdit } from '../../../shared/rule-prefill.js';

/**
 * "Create a rule from this edit" (docs/import.md#rules): after a re-categorisation, the toast's
 * second button opens /rules with the form prefilled (the entry's description, else payee,
 * contains…, set the new category). Nothing is saved until the person saves the rule.
 */
export function useRuleOffer() {
  const navigate = useNavigate();
  return (entry: { description: string; payee: string }, categoryId: string | null) => {
    const prefill = rulePrefillFromEdit(entry, categoryId);
    if (!prefill) return undefined;
    return {
      label: 'Create rule',
      onClick: () => void navigate({ to: '/rules', search: prefill }),
    };
  };
}
