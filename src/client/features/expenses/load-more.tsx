import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button.js';

/** The part of an infinite query this needs: whether a further page exists, and fetching it. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Below a paged list: loads the next page as soon as it scrolls into view (an
 * IntersectionObserver), and is a button for keyboards, screen readers and browsers without the
 * observer. Nothing shows on the last page.
 */
export function LoadMore({ query, label }: { query: PagedQuery; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const element = ref.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
        void fetchNextPage();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={ref} className="flex justify-center py-4">
      <Button
        variant="outline"
        size="sm"
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
        onClick={() => void fetchNextPage()}
      >
        {isFetchingNextPage ? 'Loading…' : label}
      </Button>
    </div>
  );
}
