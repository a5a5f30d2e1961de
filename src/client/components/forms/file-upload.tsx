import { useId } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '../ui/button.js';
import { failureToast } from '../../lib/api-error.js';

/** What an upload came to, kept on its card where the file was chosen (role="status"). */
export interface UploadStatus {
  ok: boolean;
  text: string;
}

/** A refused upload in the server's words: the toast's message and description as one line. */
export function failureStatus(error: unknown, fallback: string): UploadStatus {
  const failure = failureToast(error, fallback);
  return {
    ok: false,
    text: failure.description ? `${failure.message} ${failure.description}` : failure.message,
  };
}

/**
 * A file to send and its outcome (docs/client.md#forms): the labelled picker, the button that
 * sends it, and the status line that describes the picker. Choosing another file clears the
 * last outcome; long words in a refusal (a file name, a line of the file) wrap rather than widen
 * the card at 320 px.
 */
export function FileUploadFields(props: {
  label: string;
  accept: string;
  submitLabel: string;
  file: File | null;
  pending: boolean;
  status: UploadStatus | null;
  onFile: (file: File | null) => void;
  onSubmit: () => void;
}) {
  const fileId = useId();
  const statusId = useId();
  return (
    <>
      <div className="flex flex-col gap-2">
        <label htmlFor={fileId} className="text-sm font-medium">
          {props.label}
        </label>
        <input
          id={fileId}
          type="file"
          accept={props.accept}
          aria-describedby={statusId}
          onChange={(event) => props.onFile(event.target.files?.[0] ?? null)}
          className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-transparent file:px-3 file:py-2 file:text-sm"
        />
      </div>
      <Button disabled={!props.file || props.pending} onClick={props.onSubmit}>
        <Upload className="h-4 w-4" aria-hidden />
        {props.submitLabel}
      </Button>
      <p
        id={statusId}
        role="status"
        className={
          props.status?.ok === false
            ? 'text-sm [overflow-wrap:anywhere] text-destructive'
            : 'text-sm [overflow-wrap:anywhere]'
        }
      >
        {props.status?.text}
      </p>
    </>
  );
}
