import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { documentTitle } from '../../lib/route-meta.js';

export function NotFound() {
  useEffect(() => {
    document.title = documentTitle('Page not found');
  }, []);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-6xl font-bold">404</h1>
      <p className="text-muted-foreground">Sorry, the page you are looking for does not exist.</p>
      <Link
        to="/"
        className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground"
      >
        Go Home
      </Link>
    </main>
  );
}
