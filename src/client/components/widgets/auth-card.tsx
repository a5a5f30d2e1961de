import type { ReactNode } from 'react';
import { Card } from '../ui/card.js';

/** The card every sign-in and key-login screen sits in: one h1, an optional line under it, then the content. */
export function AuthCard(props: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6">
      <Card className="p-6">
        <header className="mb-6 text-center">
          <h1 className="text-xl font-semibold">{props.title}</h1>
          {props.description && (
            <p className="mt-1 text-sm text-muted-foreground">{props.description}</p>
          )}
        </header>
        {props.children}
      </Card>
      {props.footer}
    </div>
  );
}
