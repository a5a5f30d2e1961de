import { useState } from 'react';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Card, CardTitle } from '../../components/ui/card.js';
import { z } from 'zod';
import { useAppForm } from '../../components/forms/use-app-form.js';
import {
  FileUploadFields,
  failureStatus,
  type UploadStatus,
} from '../../components/forms/file-upload.js';
import type { BookExport } from '../../../shared/schemas/book-export.js';
import { useRestoreBook } from './api.js';

/**
 * The restore's check: the chosen file read as JSON. What it holds is the server's to judge
 * (a file with any problem is refused whole, in its words).
 */
const restoreSchema = z.object({
  file: z.custom<File | null>().transform(async (file, context) => {
    try {
      const json: unknown = JSON.parse((await file?.text()) ?? '');
      // A file saved from the API directly still holds the envelope around the book.
      return (
        json && typeof json === 'object' && 'success' in json && 'data' in json ? json.data : json
      ) as BookExport;
    } catch {
      context.addIssue({
        code: 'custom',
        message: 'This file is not JSON: choose a file made by Full export.',
      });
      return z.NEVER;
    }
  }),
});

/**
 * /data: the person's data leaves with them. A CSV of every transaction, the full export as one
 * JSON file, and the restore of such a file into an empty book (docs/analytics.md).
 */
export function DataPage(props: {
  onDownloadCsv: () => Promise<void>;
  onDownloadExport: () => Promise<void>;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState<UploadStatus | null>(null);
  const restore = useRestoreBook();
  const { form, submit, pending } = useAppForm({
    check: { schema: restoreSchema },
    defaultValues: { file: null },
    request: ({ file }) => ({
      payload: file,
      send: (key) => restore.mutateAsync({ file, idempotencyKey: key }),
    }),
    // The outcome stays on the card, where the file was chosen (role="status").
    success: ({ accounts, entries }) =>
      setStatus({ ok: true, text: `Restored ${accounts} accounts and ${entries} entries.` }),
    failure: 'The restore failed.',
    onFailure: (error) => setStatus(failureStatus(error, 'The restore failed.')),
    onInvalid: (problem) => setStatus({ ok: false, text: problem }),
  });
  const file = form.watch('file');

  const download = async (key: string, run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The download failed.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="data-heading" className="mx-auto max-w-3xl space-y-6">
      <h1 id="data-heading" className="text-2xl font-bold">
        Export and restore
      </h1>
      <Card className="space-y-4">
        <CardTitle>Export</CardTitle>
        <p className="text-sm text-muted-foreground">
          A CSV of every transaction opens in any spreadsheet. The full export is one JSON file
          with your accounts, categories, entries, splits, transfers and history, and can be
          restored later.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() => void download('csv', props.onDownloadCsv)}
          >
            <Download className="h-4 w-4" aria-hidden />
            Transactions (CSV)
          </Button>
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() => void download('json', props.onDownloadExport)}
          >
            <Download className="h-4 w-4" aria-hidden />
            Full export (JSON)
          </Button>
        </div>
      </Card>
      <Card className="space-y-4">
        <CardTitle>Restore</CardTitle>
        <p className="text-sm text-muted-foreground">
          Restores a full export into this book. It works only while the book has no accounts and
          no entries, and a file with any problem is refused whole: nothing is changed.
        </p>
        <FileUploadFields
          label="Export file (.json)"
          accept="application/json,.json"
          submitLabel="Restore"
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
    </section>
  );
}
