import { useId, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, Circle, Upload } from 'lucide-react';
import { Badge } from '../../components/ui/badge.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { cn } from '../../lib/cn.js';
import { firstRunSteps, type FirstRunFacts, type FirstRunStepId } from './first-run.js';

const DESCRIPTIONS: Record<FirstRunStepId, string> = {
  'create-account': 'A wallet, a bank account or a card whose balance you want to follow.',
  'add-entries': 'Record an expense by hand, or bring in the file your bank gives you.',
};

/**
 * The dashboard's guide for a new person (docs/product.md#first-run-guide): two steps, each
 * checked off once done, the whole card gone once both are. The buttons that open the account
 * and expense dialogs belong to other features, so the route hands them in.
 */
export function FirstRunGuide({
  facts,
  createAccount,
  addExpense,
}: {
  facts: FirstRunFacts;
  /** Opens the Add Account dialog. */
  createAccount: ReactNode;
  /** Opens the Add Expense dialog. */
  addExpense: ReactNode;
}) {
  const headingId = useId();
  const actions: Record<FirstRunStepId, ReactNode> = {
    'create-account': createAccount,
    'add-entries': (
      <>
        {addExpense}
        <Link
          to="/import"
          className="inline-flex h-10 items-center gap-2 rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
        >
          <Upload aria-hidden className="h-4 w-4" />
          Import a bank file
        </Link>
      </>
    ),
  };
  return (
    <Card
      aria-labelledby={headingId}
      role="region"
      data-testid="first-run-guide"
      className="space-y-4"
    >
      <div>
        <CardTitle id={headingId}>Get started</CardTitle>
        <p className="text-sm text-muted-foreground">
          Two steps, and this dashboard shows your own money.
        </p>
      </div>
      <ol className="space-y-4">
        {firstRunSteps(facts).map((step, index) => {
          const Icon = step.done ? CheckCircle2 : Circle;
          return (
            <li key={step.id} data-step={step.id} data-done={step.done} className="flex gap-3">
              <Icon
                aria-hidden
                className={cn(
                  'mt-0.5 h-5 w-5 shrink-0',
                  step.done ? 'text-primary' : 'text-muted-foreground',
                )}
              />
              <div className="min-w-0 flex-1 space-y-2">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-medium">
                    {index + 1}. {step.title}
                  </h3>
                  <Badge className={step.done ? 'bg-accent text-accent-foreground' : undefined}>
                    {step.done ? 'Done' : 'To do'}
                  </Badge>
                </div>
                {!step.done && (
                  <p className="text-sm text-muted-foreground">{DESCRIPTIONS[step.id]}</p>
                )}
                <div className="flex flex-wrap gap-2">{actions[step.id]}</div>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
