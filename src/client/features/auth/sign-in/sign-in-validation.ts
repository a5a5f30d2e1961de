type SignInFormError = (typeof import('../../../../shared/validation.js'))['signInFormError'];

let loading: Promise<SignInFormError> | null = null;

/**
 * The shared sign-in schema, loaded on first use: it brings zod (about 22 KB gzip), which the
 * login screen would otherwise download before it can show anything. The form asks for it as
 * soon as someone focuses a field, so it is there by the time they submit.
 */
export function loadSignInFormError(): Promise<SignInFormError> {
  loading ??= import('../../../../shared/validation.js').then(
    (module) => module.signInFormError,
    (error: unknown) => {
      loading = null; // a failed download may be retried on the next submit
      throw error;
    },
  );
  return loading;
}
