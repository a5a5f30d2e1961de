import { useId } from 'react';
import type { Account } from '../../../shared/schemas/account.js';
import type { ImportPreview } from '../../../shared/schemas/import.js';
import { Label } from '../../components/ui/label.js';

const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';
const SKIP = 'skip';
const NONE = '';

/**
 * The statements of a file that holds several (an OFX bank account and a credit card, QIF
 * !Account blocks, camt): each with its label, currency and row count, and the account it goes
 * to, or "Skip this statement". The first goes to the import's account until changed; the
 * others wait for an answer. An account chosen for one statement leaves the one that had it.
 */
export function StatementsPanel(props: {
  id: string;
  statements: ImportPreview['statements'];
  accounts: Account[];
  targetOf: (index: number) => string | null | undefined;
  onChoose: (index: number, target: string | null) => void;
}) {
  const id = useId();
  return (
    <section id={props.id} aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Statements in this file
      </h2>
      <p className="text-sm text-muted-foreground">
        Each statement goes to an account of its own, or is skipped.
      </p>
      <ul className="space-y-3">
        {props.statements.map((statement) => {
          const target = props.targetOf(statement.index);
          return (
            <li
              key={statement.index}
              className="grid grid-cols-1 gap-3 rounded-xl border border-border p-3 sm:grid-cols-2"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words">{statement.label}</p>
                <p className="text-muted-foreground">
                  {statement.currency ? `In ${statement.currency}` : 'No currency stated'},{' '}
                  {statement.rowCount} row{statement.rowCount === 1 ? '' : 's'}
                </p>
              </div>
              <div className="space-y-1">
                <Label htmlFor={`${id}-${statement.index}`}>Account for {statement.label}</Label>
                <select
                  id={`${id}-${statement.index}`}
                  className={selectClass}
                  value={target === undefined ? NONE : target === null ? SKIP : target}
                  onChange={(event) =>
                    props.onChoose(
                      statement.index,
                      event.target.value === SKIP ? null : event.target.value,
                    )
                  }
                >
                  {target === undefined && (
                    <option value={NONE} disabled>
                      Choose an account
                    </option>
                  )}
                  <option value={SKIP}>Skip this statement</option>
                  {props.accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.title}
                    </option>
                  ))}
                </select>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Parts of the file that cannot be imported (investment statements), each with why. */
export function UnsupportedParts(props: { parts: ImportPreview['unsupported'] }) {
  const id = useId();
  if (props.parts.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold">
        Parts of the file that cannot be imported
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {props.parts.map((part, i) => (
          <li key={i}>
            <span className="font-medium">{part.label}</span>: {part.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}
