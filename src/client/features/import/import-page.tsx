import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import type { CsvMapping, ImportPreview } from '../../../shared/schemas/import.js';
import { Button } from '../../components/ui/button.js';
import { Label } from '../../components/ui/label.js';
import { failureToast, serverMessage } from '../../lib/api-error.js';
import { formatMoney } from '../../lib/format.js';
import { useSubmission } from '../../lib/use-submission.js';
import { fileToBase64, useCommitImport, usePreviewImport, useRules } from './api.js';
import { BatchList } from './batch-list.js';
import { MappingForm } from './mapping-form.js';
import { ReviewTable, signedMoney } from './review-table.js';
import { categoryNames, useCategoryGroups } from '../../lib/categories.js';

const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';

/** New rows start ticked, duplicates unticked (docs/import.md#the-flow). */
const newLines = (preview: ImportPreview) =>
  new Set(preview.rows.filter((row) => row.status === 'new').map((row) => row.line));

/**
 * /import: choose the account and the file, map a CSV's columns with a live preview, review
 * every row (duplicates, broken rows, what rules set, the balance after), import, and revert.
 */
export function ImportPage(props: {
  accounts: Account[] | undefined;
  accountId?: string | undefined;
}) {
  const id = useId();
  const [accountId, setAccountId] = useState(props.accountId);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | undefined>(undefined);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const previewCall = usePreviewImport();
  const commit = useCommitImport();
  const submission = useSubmission();
  const rules = useRules().data ?? [];
  const categories = categoryNames(useCategoryGroups().data);
  const { mutateAsync: runPreview } = previewCall;

  // Every change of account, file or mapping asks for a fresh review.
  useEffect(() => {
    if (!accountId || !file) return;
    let current = true;
    runPreview({ accountId, fileName: file.name, content: file.content, mapping })
      .then((result) => {
        if (!current) return;
        setPreview(result);
        setTicked(newLines(result));
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setPreview(null);
        setFailure(serverMessage(error, 'The file could not be read'));
      });
    return () => {
      current = false;
    };
  }, [accountId, file, mapping, runPreview]);

  async function onFile(chosen: File | undefined) {
    setMapping(undefined);
    setPreview(null);
    setFile(chosen ? { name: chosen.name, content: await fileToBase64(chosen) } : null);
  }

  const tickedRows = preview?.rows.filter((row) => ticked.has(row.line)) ?? [];
  const after = preview
    ? Math.round(
        (preview.balanceBefore + tickedRows.reduce((sum, row) => sum + row.amount, 0)) * 100,
      ) / 100
    : 0;
  const belowFloor = preview !== null && after < preview.floor;

  async function onImport() {
    if (!accountId || !file || !preview) return;
    const lines = [...ticked].sort((a, b) => a - b);
    const payload = { accountId, fileName: file.name, content: file.content, mapping, lines };
    try {
      const done = await submission.run(payload, (idempotencyKey) =>
        commit.mutateAsync({ ...payload, idempotencyKey }),
      );
      if (!done) return;
      toast.success(`Imported ${lines.length} transaction${lines.length === 1 ? '' : 's'}`);
      setFile(null);
      setPreview(null);
    } catch (error) {
      const { message, description } = failureToast(error, 'Failed to import the file');
      toast.error(message, { description });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Import</h1>
        <Link
          to="/rules"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Rules that categorise imports
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-account`}>Account</Label>
          <select
            id={`${id}-account`}
            className={selectClass}
            value={accountId ?? ''}
            onChange={(event) => setAccountId(event.target.value || undefined)}
          >
            <option value="">Choose an account</option>
            {(props.accounts ?? []).map((account) => (
              <option key={account.id} value={account.id}>
                {account.title}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${id}-file`}>Bank file (CSV, OFX, QFX or QIF)</Label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.txt,.ofx,.qfx,.qif,text/csv"
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-2"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </div>
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {failure}
        </p>
      )}
      {preview?.csv && (
        <MappingForm
          headers={preview.csv.headers}
          width={Math.max(0, ...preview.csv.sample.map((row) => row.length))}
          mapping={preview.csv.mapping}
          problem={preview.csv.problem}
          onChange={setMapping}
        />
      )}
      {preview && (
        <section aria-labelledby={`${id}-review`} className="space-y-4">
          <h2 id={`${id}-review`} className="text-lg font-semibold">
            Review
          </h2>
          {preview.sameFile && (
            <p role="status" className="text-sm font-medium">
              This file was already imported into this account; its rows are marked as duplicates.
            </p>
          )}
          <p className="text-sm" aria-live="polite">
            {preview.newCount} new, {preview.duplicateCount} duplicate
            {preview.duplicateCount === 1 ? '' : 's'}, {preview.errors.length} that cannot be read.
            Balance {formatMoney(preview.balanceBefore)} now, {signedMoney(after)} after importing{' '}
            {tickedRows.length} row{tickedRows.length === 1 ? '' : 's'}.
          </p>
          {belowFloor && (
            <p role="alert" className="text-sm font-medium text-destructive">
              This import would leave the balance at {signedMoney(after)}, below the lowest it may
              go ({signedMoney(preview.floor)}). Record an opening balance first (a deposit on the
              account page), then import.
            </p>
          )}
          {preview.rows.length > 0 && (
            <ReviewTable
              preview={preview}
              rules={rules}
              categories={categories}
              ticked={ticked}
              onToggle={(line, on) => {
                const next = new Set(ticked);
                if (on) next.add(line);
                else next.delete(line);
                setTicked(next);
              }}
            />
          )}
          {preview.errors.length > 0 && (
            <div className="space-y-2">
              <h3 className="font-semibold">Rows that cannot be imported</h3>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {preview.errors.map((error) => (
                  <li key={error.line}>
                    Line {error.line}: {error.reason}
                    <span className="block text-xs text-muted-foreground">{error.text}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <Button
            disabled={
              submission.pending ||
              tickedRows.length === 0 ||
              belowFloor ||
              Boolean(preview.csv?.problem)
            }
            onClick={() => void onImport()}
          >
            Import {tickedRows.length} row{tickedRows.length === 1 ? '' : 's'}
          </Button>
        </section>
      )}
      {accountId && (
        <section aria-labelledby={`${id}-batches`} className="space-y-3">
          <h2 id={`${id}-batches`} className="text-lg font-semibold">
            Past imports
          </h2>
          <BatchList accountId={accountId} />
        </section>
      )}
    </div>
  );
}
