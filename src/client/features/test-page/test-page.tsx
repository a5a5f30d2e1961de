import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';
import { Spinner } from '../../components/ui/spinner.js';
import { serverMessage } from '../../lib/api-error.js';
import type { DialogComponent } from '../../components/overlays/dialog-component.js';
import { useApiTest } from './api.js';

/** /test: a few buttons for checking the session and the API by hand. */
export function TestPage({ logoutDialog: LogoutDialog }: { logoutDialog: DialogComponent }) {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const testCall = useApiTest({
    onSuccess: () => toast.success('API call successful'),
    onError: (error) => toast.error(serverMessage(error, 'API call failed')),
  });

  return (
    <section aria-labelledby="test-heading" className="mx-auto max-w-xl space-y-6">
      <h1 id="test-heading" className="text-2xl font-bold">
        Test
      </h1>
      <Card className="flex flex-wrap gap-3">
        <Button variant="destructive" onClick={() => setConfirmingLogout(true)}>
          Logout
        </Button>
        {/* This button does nothing visible (docs/product.md#screens). */}
        <Button variant="outline" aria-describedby="deposit-note">
          Deposit to Account
        </Button>
        <Button disabled={testCall.isPending} onClick={() => testCall.mutate({})}>
          {testCall.isPending && <Spinner className="h-4 w-4" label="Calling the API" />}
          Test
        </Button>
        <p id="deposit-note" className="w-full text-xs text-muted-foreground">
          Deposit to Account does nothing yet; use Deposit on an account instead.
        </p>
      </Card>
      <LogoutDialog open={confirmingLogout} onOpenChange={setConfirmingLogout} />
    </section>
  );
}
