import { useState } from 'react';
import { z } from 'zod';
import type { RateImportResult } from '../../../shared/schemas/rate.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { useAppForm } from '../../components/forms/use-app-form.js';
import {
  FileUploadFields,
  failureStatus,
  type UploadStatus,
} from '../../components/forms/file-upload.js';
import { useImportRates } from './api.js';
import { fileToBase64 } from '../../components/forms/file-base64.js';

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
  const [status, setStatus] = useState<UploadStatus | null>(null);
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
    onFailure: (error) => setStatus(failureStatus(error, 'The import failed.')),
    onInvalid: (problem) => setStatus({ ok: false, text: problem }),
  });
  const file = form.watch('file');
  return (
    <Card className="space-y-4">
      <CardTitle>Import ECB file</CardTitle>
      <p className="text-sm text-muted-foreground">
        The European Central Bank’s euro reference rates, as it publishes them: the daily, 90-day or
        full-history file, CSV or XML, unzipped. A file with any problem is refused and changes
        nothing; an import cut off midway is completed by importing the file again. Rates you
        entered yourself are kept.
      </p>
      <FileUploadFields
        label="Rate file (.csv or .xml)"
        accept=".csv,.xml,text/csv,text/xml,application/xml"
        submitLabel="Import rates"
        file={file}
        pending={pending}
        status={status}
        onFile={(chosen) => {
          form.setValue('file', chosen);
          setStatus(null);
        }}
        onSubmit={() => {
          setStatus(null);
          void submit();
        }}
      />
    </Card>
  );
}
