import { useId, useState } from 'react';
import { Upload } from 'lucide-react';
import { z } from 'zod';
import type { RateImportResult } from '../../../shared/schemas/rate.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import { failureToast } from '../../lib/api-error.js';
import { fileToBase64, useImportRates } from './api.js';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** What an import did, in words: the file's days, then its rates added, replaced and kept. */
export function importSummary(result: RateImportResult): string {
  const span =
    result.firstDay === null
      ? ''
      : result.firstDay === result.lastDay
        ? ` (${result.firstDay})`
        : ` (${result.firstDay} to ${result.lastDay})`;
  return (
    `${result.fileName || 'The file'}: ${plural(result.days, 'day', 'days')}${span}. ` +
    `${plural(result.added, 'rate', 'rates')} added, ${result.replaced.toLocaleString()} replaced, ` +
    `${result.unchanged.toLocaleString()} unchanged, ` +
    `${plural(result.skippedNotAvailable, 'N/A cell', 'N/A cells')} skipped.`
  );
}

const importSchema = z.object({
  file: z.custom<File | null>().refine((file) => file !== null, 'Choose a file to import.'),
});

/**
 * "Import ECB file" (docs/rates.md#the-rates-page): one of the ECB's reference-rate files, sent
 * whole in base64; the counts, or the server's refusal saying where, stay on the card
 * (role="status"), as /data's restore does.
 */
export function RateImport() {
  const fileId = useId();
  const statusId = useId();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const importRates = useImportRates();
  const { form, submit, pending } = useAppForm({
    check: { schema: importSchema },
    defaultValues: { file: null as File | null },
    request: ({ file }) => ({
      payload: file,
      send: async (key) =>
        importRates.mutateAsync({
          fileName: file?.name ?? '',
          content: await fileToBase64(file),
          idempotencyKey: key,
        }),
    }),
    success: (result) => setStatus({ ok: true, text: importSummary(result) }),
    failure: 'The import failed.',
    onFailure: (error) => {
      const failure = failureToast(error, 'The import failed.');
      setStatus({
        ok: false,
        text: failure.description ? `${failure.message} ${failure.description}` : failure.message,
      });
    },
    onInvalid: (problem) => setStatus({ ok: false, text: problem }),
  });
  const file = form.watch('file');
  return (
    <Card className="space-y-4">
      <CardTitle>Import ECB file</CardTitle>
      <p className="text-sm text-muted-foreground">
        The European Central Bank’s euro reference rates, as it publishes them: the daily, 90-day or
        full-history file, CSV or XML, unzipped. A file is imported whole or not at all; rates you
        entered yourself are kept.
      </p>
      <div className="flex flex-col gap-2">
        <label htmlFor={fileId} className="text-sm font-medium">
          Rate file (.csv or .xml)
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.xml,text/csv,text/xml,application/xml"
          aria-describedby={statusId}
          onChange={(event) => {
            form.setValue('file', event.target.files?.[0] ?? null);
            setStatus(null);
          }}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-transparent file:px-3 file:py-2 file:text-sm"
        />
      </div>
      <Button
        disabled={!file || pending}
        onClick={() => {
          setStatus(null);
          void submit();
        }}
      >
        <Upload className="h-4 w-4" aria-hidden />
        Import rates
      </Button>
      <p
        id={statusId}
        role="status"
        className={
          status?.ok === false
            ? 'text-sm [overflow-wrap:anywhere] text-destructive'
            : 'text-sm [overflow-wrap:anywhere]'
        }
      >
        {status?.text}
      </p>
    </Card>
  );
}
