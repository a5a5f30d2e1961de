import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Card } from '../ui/card.js';

/**
 * A page the spec links from the sidebar but the product has nothing behind yet: it says so in
 * plain words, what exists instead, and where to go (docs/product.md#navigation).
 */
export function NotYetAvailablePage({
  title,
  children,
  instead,
}: {
  title: string;
  /** What is (and is not) here, in a sentence or two. */
  children: ReactNode;
  /** Real pages that do what the person may have come for. */
  instead: { label: string; to: string }[];
}) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl">
      <h1 id="page-title" className="mb-4 text-2xl font-bold">
        {title}
      </h1>
      <Card className="space-y-3">
        <p className="font-medium">Not yet available</p>
        <p className="text-muted-foreground">{children}</p>
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {instead.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="font-medium text-primary underline underline-offset-4">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
