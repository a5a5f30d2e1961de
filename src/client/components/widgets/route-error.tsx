import { useEffect, useRef, useState } from 'react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../ui/button.js';
import { Spinner } from '../ui/spinner.js';
import { SERVER_UNREACHABLE, isNetworkError } from '../../lib/api-error.js';
import { isCodeLoadError } from '../../lib/code-load-error.js';
import { reportServerUnreachable, useServerReachable } from '../../lib/server-status.js';

async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/api/health', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * A screen whose code or data could not be loaded, shown inside the app (never the browser's own
 * error page) with Retry. When the code is missing while the server answers, the app itself was
 * updated since this page loaded: one reload fetches the new version.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  const codeMissing = isCodeLoadError(error);
  const unreachable = codeMissing || isNetworkError(error);

  useEffect(() => {
    if (!codeMissing) return;
    let cancelled = false;
    void serverAnswers().then((answers) => {
      if (cancelled) return;
      if (!answers) {
        reportServerUnreachable();
        return;
      }
      const marker = `reloaded-for:${window.location.pathname}`;
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      window.location.reload();
    });
    return () => {
      cancelled = true;
    };
  }, [codeMissing]);

  async function retry() {
    setRetrying(true);
    try {
      await router.invalidate();
    } finally {
      setRetrying(false);
    }
  }

  // Back by itself once the server answers again, like every query on screen.
  const reachable = useServerReachable();
  const wasUnreachable = useRef(!reachable);
  useEffect(() => {
    if (!reachable) wasUnreachable.current = true;
    else if (wasUnreachable.current) {
      wasUnreachable.current = false;
      void router.invalidate();
    }
  }, [reachable, router]);

  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-border bg-card p-6 text-center"
    >
      <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden />
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <p className="text-sm text-muted-foreground">
        {unreachable
          ? `${SERVER_UNREACHABLE} It opens by itself once the server is back, or choose Retry.`
          : 'Something went wrong while opening it. Choose Retry to try again.'}
      </p>
      <Button onClick={() => void retry()} disabled={retrying}>
        {retrying && <Spinner className="h-4 w-4" label="Retrying" />}
        Retry
      </Button>
    </div>
  );
}
