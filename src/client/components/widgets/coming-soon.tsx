import { Construction } from 'lucide-react';
import { Card } from '../ui/card.js';

/** An honest page for a sidebar entry whose screen is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-xl">
      <h1 id="page-title" className="mb-4 text-2xl font-bold">
        {title}
      </h1>
      <Card className="flex items-center gap-4">
        <Construction className="h-8 w-8 text-muted-foreground" aria-hidden />
        <p className="text-muted-foreground">{title} is coming soon. Nothing here yet.</p>
      </Card>
    </section>
  );
}
