import { Link } from '@tanstack/react-router';
import { Upload } from 'lucide-react';

/**
 * The way to /import: "Import a bank file" into one account (the account page, above the
 * ledger), or an "Import" button beside the Transactions page's actions.
 */
export function ImportLink(props: { accountId?: string; asButton?: boolean }) {
  const search = props.accountId === undefined ? {} : { accountId: props.accountId };
  if (props.asButton) {
    return (
      <Link
        to="/import"
        search={search}
        className="inline-flex h-10 items-center gap-2 rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
      >
        <Upload aria-hidden className="h-4 w-4" />
        Import
      </Link>
    );
  }
  return (
    <Link
      to="/import"
      search={search}
      className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <Upload aria-hidden className="h-4 w-4" />
      Import a bank file
    </Link>
  );
}
