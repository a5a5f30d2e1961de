import { Link } from '@tanstack/react-router';

/** "Or continue with" between the provider buttons and the form. */
export function OrDivider({ label }: { label: string }) {
  return (
    <div className="relative my-6 text-center text-sm">
      <span aria-hidden className="absolute inset-x-0 top-1/2 h-px bg-border" />
      <span className="relative bg-card px-2 text-muted-foreground">{label}</span>
    </div>
  );
}

/** Placeholder legal links: the product has no terms or privacy pages yet. */
export function TermsNote() {
  const stay = (event: React.MouseEvent) => event.preventDefault();
  return (
    <p className="text-center text-xs text-balance text-muted-foreground [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-primary">
      By clicking continue, you agree to our{' '}
      <a href="#" onClick={stay}>
        Terms of Service
      </a>{' '}
      and{' '}
      <a href="#" onClick={stay}>
        Privacy Policy
      </a>
      .
    </p>
  );
}

/** Shown when the server has no Firebase sign-in: key-based login still works. */
export function SignInUnavailable({ failed }: { failed: boolean }) {
  return (
    <p role="status" className="mb-4 rounded-md bg-muted p-3 text-sm text-muted-foreground">
      {failed
        ? 'Could not load the sign-in settings. Please reload the page.'
        : 'Email and provider sign-in are not set up on this server.'}{' '}
      <Link to="/key-auth/register" className="underline underline-offset-4">
        Use key-based login instead.
      </Link>
    </p>
  );
}
