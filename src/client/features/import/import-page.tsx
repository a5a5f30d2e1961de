import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { Account } from '../../../shared/schemas/account.js';
import type {
  CsvMapping,
  ImportChoice,
  ImportChoiceKind,
  ImportPreview,
  ImportReading,
} from '../../../shared/schemas/import.js';
import { Button } from '../../components/ui/button.js';
import { Label } from '../../components/ui/label.js';
import { serverMessage } from '../../lib/api-error.js';
import { formatMoney, USD, type DisplayCurrency } from '../../lib/format.js';
import { displayCurrency } from '../../lib/display-currency.js';
import { minorUnitsOf, unitsOf } from '../../components/forms/typed-amounts.js';
import { keyedRequest, useSubmit } from '../../components/forms/use-submit.js';
import { useCommitImport, usePreviewImport, useRules } from './api.js';
import { fileToBase64 } from '../../components/forms/file-base64.js';
import { BatchList } from './batch-list.js';
import { answerWith, MAPPING_KINDS, openQuestions } from './choice-answers.js';
import { ChoicesPanel } from './choices-panel.js';
import { MappingForm } from './mapping-form.js';
import { ReviewTable, signedMoney } from './review-table.js';
import {
  chooseTarget,
  statementsRequest,
  statementTarget,
  unchosenStatements,
  type StatementAnswers,
} from './statement-targets.js';
import { StatementsPanel, UnsupportedParts } from './statements-panel.js';
import { categoryNames, useCategoryGroups } from '../../lib/categories.js';

const selectClass = 'h-10 w-full rounded-md border border-border bg-background px-2 text-sm';

/**
 * New rows start ticked, duplicates unticked (docs/import.md#the-flow); a row the person ticked
 * or unticked keeps that through a new preview of the same file (an answer, a changed column).
 */
const tickedLines = (preview: ImportPreview, toggled: ReadonlyMap<number, boolean>) =>
  new Set(
    preview.rows
      .filter((row) => toggled.get(row.line) ?? row.status === 'new')
      .map((row) => row.line),
  );

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const without = <K, V>(map: ReadonlyMap<K, V>, keys: readonly K[]) =>
  new Map([...map].filter(([key]) => !keys.includes(key)));

/** A CSV's date order and decimal separator are always shown, answered or settled. */
function withCsvChoices(preview: ImportPreview): ImportChoice[] {
  const { choices, csv } = preview;
  if (!csv) return choices;
  const listed = new Set(choices.map((choice) => choice.answer));
  const extra: ImportChoice[] = [];
  if (!listed.has('mapping.dateOrder')) {
    extra.push({
      kind: 'dateOrder',
      answer: 'mapping.dateOrder',
      chosen: csv.mapping.dateOrder,
      options: ['dmy', 'mdy', 'ymd'],
      evidence: 'The dates of the file leave no doubt.',
      needsAnswer: false,
      rows: 0,
    });
  }
  if (!listed.has('mapping.decimalSeparator')) {
    extra.push({
      kind: 'decimalSeparator',
      answer: 'mapping.decimalSeparator',
      chosen: csv.mapping.decimalSeparator,
      options: ['.', ','],
      evidence: 'The amounts of the file leave no doubt.',
      needsAnswer: false,
      rows: 0,
    });
  }
  return [...choices, ...extra];
}

/** One statement's part of the review: its rows, and its account's balance after the ticked. */
interface StatementReview {
  statement: ImportPreview['statements'][number];
  accountTitle: string;
  /** The account's currency: its balance and the rows are in it. */
  currency: DisplayCurrency;
  rows: ImportPreview['rows'];
  tickedCount: number;
  before: number;
  after: number;
  floor: number;
  belowFloor: boolean;
}

function statementReviews(
  preview: ImportPreview,
  ticked: ReadonlySet<number>,
  accounts: Account[],
): StatementReview[] {
  return preview.statements
    .filter((statement) => statement.accountId !== null)
    .map((statement) => {
      const rows = preview.rows.filter((row) => row.statement === statement.index);
      const chosen = rows.filter((row) => ticked.has(row.line));
      const account = accounts.find((candidate) => candidate.id === statement.accountId);
      const currency = displayCurrency(account?.currency ?? USD.code);
      const before = statement.balanceBefore ?? 0;
      // Added in minor units of the account's currency, never as floats.
      const moved = chosen.reduce((sum, row) => sum + minorUnitsOf(row.amount, currency), 0n);
      const after = unitsOf(minorUnitsOf(before, currency) + moved, currency);
      const floor = statement.floor ?? 0;
      return {
        statement,
        accountTitle: account?.title ?? 'the account',
        currency,
        rows,
        tickedCount: chosen.length,
        before,
        after,
        floor,
        belowFloor: after < floor,
      };
    });
}

/**
 * /import: choose the account and the file, map a CSV's columns with a live preview, answer
 * what the file leaves open (its encoding, date order, amounts below the cent...) and send
 * each of its statements to an account, review every row (duplicates, broken rows, what rules
 * set, the balance after), import, and revert.
 */
export function ImportPage(props: {
  accounts: Account[] | undefined;
  accountId?: string | undefined;
}) {
  const id = useId();
  const accounts = props.accounts ?? [];
  const [accountId, setAccountId] = useState(props.accountId);
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [mapping, setMapping] = useState<CsvMapping | undefined>(undefined);
  const [reading, setReading] = useState<ImportReading>({});
  const [statementAnswers, setStatementAnswers] = useState<StatementAnswers>(new Map());
  const [statementCount, setStatementCount] = useState(0);
  // The questions of this file the person has not answered yet, with the evidence each was
  // asked with (see openQuestions).
  const [open, setOpen] = useState<ReadonlyMap<ImportChoiceKind, string>>(new Map());
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  // The rows the person ticked (true) or unticked (false) themselves, by line.
  const toggled = useRef(new Map<number, boolean>());
  const [failure, setFailure] = useState<string | null>(null);
  const previewCall = usePreviewImport();
  const commit = useCommitImport();
  const { submit, pending } = useSubmit({ lasting: true });
  const rules = useRules().data ?? [];
  const categories = categoryNames(useCategoryGroups().data);
  const { mutateAsync: runPreview } = previewCall;

  const statements = useMemo(
    () => statementsRequest(statementAnswers, accountId, statementCount),
    [statementAnswers, accountId, statementCount],
  );
  // What the preview reads and the import commits (with the ticked lines): one request's body.
  const request = useMemo(
    () =>
      accountId && file
        ? { accountId, fileName: file.name, content: file.content, mapping, reading, statements }
        : null,
    [accountId, file, mapping, reading, statements],
  );
  const unchosen = unchosenStatements(statementAnswers, accountId, statementCount);

  // Every change of account, file, mapping, answer or statement's account asks for a fresh
  // review. A failed one keeps the last review on screen (its controls too) with the reason.
  useEffect(() => {
    if (!request) return;
    let current = true;
    runPreview(request)
      .then((result) => {
        if (!current) return;
        setPreview(result);
        setTicked(tickedLines(result, toggled.current));
        setFailure(null);
        setStatementCount(result.statements.length);
        setOpen((before) =>
          openQuestions(
            before,
            result.choices.filter((choice) => choice.kind !== 'statements'),
          ),
        );
      })
      .catch((error: unknown) => {
        if (!current) return;
        setFailure(serverMessage(error, 'The file could not be read'));
      });
    return () => {
      current = false;
    };
  }, [request, runPreview]);

  function reset() {
    setMapping(undefined);
    setReading({});
    setStatementAnswers(new Map());
    setStatementCount(0);
    setOpen(new Map());
    toggled.current = new Map();
    setPreview(null);
    setFailure(null);
  }

  async function onFile(chosen: File | undefined) {
    reset();
    setFile(chosen ? { name: chosen.name, content: await fileToBase64(chosen) } : null);
  }

  function onAnswer(choice: ImportChoice, option: string) {
    const next = answerWith({ reading, mapping }, choice, option, preview?.csv?.mapping);
    if (!next) return;
    setReading(next.reading);
    setMapping(next.mapping);
    setOpen((before) => without(before, [choice.kind]));
  }

  function onMapping(next: CsvMapping) {
    setMapping(next);
    setOpen((before) => without(before, MAPPING_KINDS));
  }

  const isOpen = (choice: ImportChoice) =>
    choice.kind === 'statements' ? unchosen.length > 0 : open.has(choice.kind);
  // A question still open shows the evidence it was asked with (a later preview may only say
  // "as you chose" of the guess a changed column carried).
  const choices = (preview ? withCsvChoices(preview) : []).map((choice) => {
    const asked = open.get(choice.kind);
    return asked === undefined || choice.needsAnswer ? choice : { ...choice, evidence: asked };
  });
  const questions = choices.filter(isOpen);
  const reviews = preview ? statementReviews(preview, ticked, accounts) : [];
  const tickedCount = reviews.reduce((sum, review) => sum + review.tickedCount, 0);
  const belowFloor = reviews.some((review) => review.belowFloor);
  const several = (preview?.statements.length ?? 0) > 1;
  const statementsId = `${id}-statements`;
  const columnsId = `${id}-columns`;

  /** Why the import cannot go yet, or null when it can. */
  const blocked = !preview
    ? null
    : previewCall.isPending
      ? 'Updating the review…'
      : failure
        ? 'The review could not be updated: see the message above.'
        : questions.length > 0
          ? `Answer the question${questions.length === 1 ? '' : 's'} above before importing.`
          : unchosen.length > 0
            ? 'Choose an account for each statement, or skip it.'
            : preview.csv?.problem
              ? `Choose the columns first: ${preview.csv.problem}`
              : belowFloor
                ? 'A balance would go below the lowest it may go.'
                : tickedCount === 0
                  ? 'Tick the rows to import.'
                  : null;

  async function onImport() {
    if (!request || !preview || blocked) return;
    const lines = [...ticked].sort((a, b) => a - b);
    const payload = { ...request, lines };
    const done = await submit({
      ...keyedRequest(payload, commit.mutateAsync),
      success: (outcome) => {
        const rows = plural(outcome.imported, 'transaction');
        const [only] = outcome.accounts;
        toast.success(
          outcome.accounts.length > 1
            ? `Imported ${rows} into ${outcome.accounts.length} accounts`
            : `Imported ${rows}${only ? ` into ${only.title}` : ''}`,
        );
      },
      failure: 'Failed to import the file',
    });
    if (!done) return;
    setFile(null);
    reset();
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
            {accounts.map((account) => (
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
            accept=".csv,.txt,.ofx,.qfx,.qif,.xml,text/csv"
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
          id={columnsId}
          headers={preview.csv.headers}
          width={Math.max(0, ...preview.csv.sample.map((row) => row.length))}
          // The person's latest mapping, not the preview's: a second change made before the
          // new preview arrives must not undo the first.
          mapping={mapping ?? preview.csv.mapping}
          problem={preview.csv.problem}
          onChange={onMapping}
        />
      )}
      {preview && several && (
        <StatementsPanel
          id={statementsId}
          statements={preview.statements}
          accounts={accounts}
          targetOf={(index) => statementTarget(statementAnswers, index, accountId)}
          onChoose={(index, target) =>
            setStatementAnswers(
              chooseTarget(statementAnswers, index, target, accountId, statementCount),
            )
          }
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
          <ChoicesPanel
            choices={choices}
            isOpen={isOpen}
            encoding={preview.encoding}
            onAnswer={onAnswer}
            onKeepColumns={() => {
              if (preview.csv) onMapping(preview.csv.mapping);
            }}
            columnsId={preview.csv ? columnsId : undefined}
            statementsId={several ? statementsId : undefined}
          />
          <UnsupportedParts parts={preview.unsupported} />
          <p className="text-sm" aria-live="polite">
            {preview.newCount} new, {preview.duplicateCount} duplicate
            {preview.duplicateCount === 1 ? '' : 's'}, {preview.errors.length} that cannot be read.
            {!several &&
              reviews.map(
                (review) =>
                  ` Balance ${formatMoney(review.before, review.currency)} now, ${signedMoney(review.after, review.currency)} after importing ${plural(review.tickedCount, 'row')}.`,
              )}
          </p>
          {reviews.map((review) => (
            <StatementRows
              key={review.statement.index}
              review={review}
              titled={several}
              rules={rules}
              categories={categories}
              ticked={ticked}
              onToggle={(lines, on) => {
                const next = new Set(ticked);
                for (const line of lines) {
                  toggled.current.set(line, on);
                  if (on) next.add(line);
                  else next.delete(line);
                }
                setTicked(next);
              }}
            />
          ))}
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
          <div className="flex flex-wrap items-center gap-3">
            <Button
              disabled={pending || blocked !== null}
              aria-describedby={blocked ? `${id}-blocked` : undefined}
              onClick={() => void onImport()}
            >
              Import {plural(tickedCount, 'row')}
            </Button>
            {blocked && (
              <p id={`${id}-blocked`} className="text-sm text-muted-foreground">
                {blocked}
              </p>
            )}
          </div>
        </section>
      )}
      {accountId && (
        <section aria-labelledby={`${id}-batches`} className="space-y-3">
          <h2 id={`${id}-batches`} className="text-lg font-semibold">
            Past imports
          </h2>
          <BatchList
            accountId={accountId}
            currency={accounts.find((account) => account.id === accountId)?.currency ?? USD.code}
          />
        </section>
      )}
    </div>
  );
}

/** One statement's rows, and (for a file of several) its account's balance after them. */
function StatementRows(props: {
  review: StatementReview;
  titled: boolean;
  rules: Parameters<typeof ReviewTable>[0]['rules'];
  categories: Map<string, string>;
  ticked: ReadonlySet<number>;
  /** Lines ticked (true) or unticked (false): one row's checkbox, or "Select all". */
  onToggle: (lines: readonly number[], ticked: boolean) => void;
}) {
  const id = useId();
  const { review } = props;
  const { statement } = review;
  const floorAlert = review.belowFloor && (
    <p role="alert" className="text-sm font-medium text-destructive">
      This import would leave the balance{props.titled ? ` of ${review.accountTitle}` : ''} at{' '}
      {signedMoney(review.after, review.currency)}, below the lowest it may go (
      {signedMoney(review.floor, review.currency)}). Record an opening balance first (a deposit on
      the account page), then import.
    </p>
  );
  const table = review.rows.length > 0 && (
    <ReviewTable
      rows={review.rows}
      caption={props.titled ? `Rows of ${statement.label}` : 'Rows of the file'}
      rules={props.rules}
      categories={props.categories}
      ticked={props.ticked}
      onToggle={(line, on) => props.onToggle([line], on)}
      onToggleAll={props.onToggle}
      currency={review.currency}
    />
  );
  if (!props.titled) {
    return (
      <>
        {floorAlert}
        {table}
      </>
    );
  }
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold break-words">
        {statement.label} into {review.accountTitle}
      </h3>
      <p className="text-sm" aria-live="polite">
        {plural(statement.rowCount, 'row')}
        {statement.currency ? ` in ${statement.currency}` : ''}. Balance of {review.accountTitle}{' '}
        {formatMoney(review.before, review.currency)} now,{' '}
        {signedMoney(review.after, review.currency)} after importing{' '}
        {plural(review.tickedCount, 'row')}.
      </p>
      {floorAlert}
      {table}
    </section>
  );
}
