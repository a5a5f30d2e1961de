import { useEffect, useRef, useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/overlays/dropdown-menu.js';
import type { DeferredMenuProps } from '../../components/layout/deferred-menu.js';
import { useBook } from '../../lib/book.js';
import { ROLE_LABELS, useBooks } from './api.js';
import { BookSwitcherButton } from './book-switcher-button.js';
import { NewBookDialog } from './new-book-dialog.js';
import { useSwitchBook } from './use-switch-book.js';

/** The book switcher's menu (loaded on first intent, see book-switcher.tsx). */
export function BookSwitcherMenu({
  defaultOpen,
  autoFocus,
  name,
}: DeferredMenuProps & { name: string }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const focusOnMount = autoFocus && !defaultOpen;
  useEffect(() => {
    if (focusOnMount) trigger.current?.focus();
  }, [focusOnMount]);
  const [creating, setCreating] = useState(false);
  const books = useBooks();
  const current = useBook();
  const switchBook = useSwitchBook();
  return (
    <>
      <DropdownMenu defaultOpen={defaultOpen}>
        <DropdownMenuTrigger asChild>
          <BookSwitcherButton ref={trigger} name={name} />
        </DropdownMenuTrigger>
        <DropdownMenuContent label="Books" align="start">
          <DropdownMenuLabel>Your books</DropdownMenuLabel>
          {books.data ? (
            <DropdownMenuRadioGroup
              value={current.data?.id ?? ''}
              onValueChange={(id) => {
                const book = books.data.find((candidate) => candidate.id === id);
                if (book) void switchBook(book);
              }}
            >
              {books.data.map((book) => (
                <DropdownMenuRadioItem key={book.id} value={book.id}>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate">{book.name}</span>{' '}
                    <span className="text-xs text-muted-foreground">
                      {ROLE_LABELS[book.role]}
                      {book.personal ? ', personal' : ''}
                    </span>
                  </span>
                </DropdownMenuRadioItem>
              ))}
            </DropdownMenuRadioGroup>
          ) : (
            <DropdownMenuItem disabled>
              {books.isError ? 'Your books could not be loaded.' : 'Loading…'}
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>New book…</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <NewBookDialog open={creating} onOpenChange={setCreating} returnFocusTo={trigger} />
    </>
  );
}
