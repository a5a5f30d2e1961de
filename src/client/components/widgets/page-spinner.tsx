import { Spinner } from '../ui/spinner.js';

/** The loading state of a whole screen or section. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex justify-center py-12">
      <Spinner className="h-8 w-8" label={label} />
    </div>
  );
}
