import { useNavigate } from '@tanstack/react-router';
import { toast } from 'sonner';

/**
 * Opens a book in this tab: its dashboard, with the book in the address (`?book=`, none for the
 * personal book). The root route then names it on every call and fetches everything anew
 * (routes/__root.tsx, lib/current-book.ts).
 */
export function useSwitchBook() {
  const navigate = useNavigate();
  return (book: { id: string; personal: boolean }) =>
    navigate({ to: '/', search: { book: book.personal ? undefined : book.id } });
}

/** After leaving or deleting the book: the personal book's dashboard, and what happened. */
export function useBackToPersonalBook() {
  const navigate = useNavigate();
  return (message: string) => {
    toast.success(message);
    return navigate({ to: '/', search: { book: undefined } });
  };
}
