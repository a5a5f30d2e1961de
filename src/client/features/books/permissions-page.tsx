import { Check, Minus } from 'lucide-react';
import { Card } from '../../components/ui/card.js';
import { CELL, Table } from '../../components/ui/table.js';
import { useBook } from '../../lib/book.js';
import { ROLE_LABELS } from './api.js';

/** What each role of a book may do: the server checks the same on every call (docs/sharing.md). */
const ABILITIES: Array<{ what: string; owner: boolean; editor: boolean; viewer: boolean }> = [
  { what: 'See accounts, entries, charts and rates', owner: true, editor: true, viewer: true },
  { what: 'Export the book (CSV, full export)', owner: true, editor: true, viewer: true },
  { what: 'See who the members are', owner: true, editor: true, viewer: true },
  {
    what: 'Record, edit and delete entries and transfers',
    owner: true,
    editor: true,
    viewer: false,
  },
  { what: 'Import bank files', owner: true, editor: true, viewer: false },
  { what: 'Manage accounts and categories', owner: true, editor: true, viewer: false },
  { what: 'Manage rules and exchange rates', owner: true, editor: true, viewer: false },
  { what: 'Invite people and withdraw invitations', owner: true, editor: false, viewer: false },
  { what: 'Change members’ roles and remove members', owner: true, editor: false, viewer: false },
  { what: 'Rename the book and change its settings', owner: true, editor: false, viewer: false },
  { what: 'Delete the book', owner: true, editor: false, viewer: false },
  { what: 'Leave the book (not your personal book)', owner: true, editor: true, viewer: true },
];

function Allowed({ allowed }: { allowed: boolean }) {
  return allowed ? (
    <span className="inline-flex items-center gap-1 font-medium">
      <Check className="h-4 w-4" aria-hidden /> Yes
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-muted-foreground">
      <Minus className="h-4 w-4" aria-hidden /> No
    </span>
  );
}

/** /permissions: the three roles of a book, side by side, and the person's own in this book. */
export function PermissionsPage() {
  const book = useBook();
  return (
    <section aria-labelledby="permissions-heading" className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 id="permissions-heading" className="text-2xl font-bold">
          Permissions
        </h1>
        <p className="text-sm text-muted-foreground">
          Everyone in a book has one of three roles. A book always keeps at least one owner.
        </p>
      </div>
      {book.data && (
        <Card>
          <p className="text-sm">
            In <span className="font-medium break-words">{book.data.name}</span> you are:{' '}
            <span className="font-medium">{ROLE_LABELS[book.data.role]}</span>.
          </p>
        </Card>
      )}
      <Table
        caption="What each role may do"
        columns={[{ label: 'What' }, { label: 'Owner' }, { label: 'Editor' }, { label: 'Viewer' }]}
      >
        {ABILITIES.map((row) => (
          <tr key={row.what}>
            <th scope="row" className={`${CELL} font-normal`}>
              {row.what}
            </th>
            <td className={CELL}>
              <Allowed allowed={row.owner} />
            </td>
            <td className={CELL}>
              <Allowed allowed={row.editor} />
            </td>
            <td className={CELL}>
              <Allowed allowed={row.viewer} />
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
