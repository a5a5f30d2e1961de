import { DeferredMenu } from '../../components/layout/deferred-menu.js';
import { useBook } from '../../lib/book.js';
import { BookSwitcherButton } from './book-switcher-button.js';

const loadMenu = () => import('./book-switcher-menu.js').then((menu) => menu.BookSwitcherMenu);

/**
 * The header's book switcher: the current book, and a menu of the person's books with their
 * role and "New book…". Its Radix code loads on first intent, as the header's other menus do.
 * Beside it, "View only" while the person is a viewer of the book.
 */
export function BookSwitcher() {
  const book = useBook();
  const name = book.data?.name ?? 'Loading…';
  return (
    <div className="flex min-w-0 items-center gap-2">
      <DeferredMenu
        load={loadMenu}
        menuProps={{ name }}
        standIn={BookSwitcherButton}
        standInProps={{ name }}
      />
      {book.data?.role === 'viewer' && (
        <span
          data-testid="view-only"
          className="hidden shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-medium sm:inline"
        >
          View only
        </span>
      )}
    </div>
  );
}
