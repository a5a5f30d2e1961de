import { Link } from '@tanstack/react-router';
import { Card } from '../../components/ui/card.js';

export function AccountNotFound() {
  return (
    <Card className="mx-auto max-w-md space-y-3 text-center">
      <h1 className="text-2xl font-bold">Account Not Found</h1>
      <p className="text-muted-foreground">The account you are looking for does not exist.</p>
      <Link to="/accounts" className="inline-block text-sm font-medium text-primary underline">
        Back to your accounts
      </Link>
    </Card>
  );
}
