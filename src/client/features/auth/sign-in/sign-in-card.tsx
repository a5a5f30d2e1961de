import type { ComponentProps, ReactNode } from 'react';
import { AuthCard } from '../../../components/widgets/auth-card.js';
import { CredentialsForm } from './credentials-form.js';
import { ProviderButtons } from './provider-buttons.js';
import { OrDivider, SignInUnavailable, TermsNote } from './sign-in-parts.js';
import type { useSignInActions } from './use-sign-in-actions.js';

/** What differs between the two screens' cards (docs/product.md's words). */
const SCREENS = {
  login: {
    title: 'Welcome back',
    description: 'Login with your Github or Google account',
    submitLabel: 'Login',
    passwordAutoComplete: 'current-password',
  },
  signup: {
    title: 'Create an account',
    description: 'Sign up with your Github or Google account',
    submitLabel: 'Sign up',
    passwordAutoComplete: 'new-password',
  },
} as const;

/**
 * The card of /login and /signup: the providers, then email and password (busy and disabled
 * alike on both: while sign-in is unavailable or any sign-in runs), sent to the screen's action
 * (login or signup), then the screen's links.
 */
export function SignInCard(
  props: Pick<ComponentProps<typeof CredentialsForm>, 'values' | 'onChange' | 'passwordAside'> & {
    screen: keyof typeof SCREENS;
    actions: ReturnType<typeof useSignInActions>;
    children: ReactNode;
  },
) {
  const { actions, screen, children, ...form } = props;
  const { title, description, ...texts } = SCREENS[screen];
  const unavailable = !actions.loading && !actions.available;
  return (
    <AuthCard title={title} description={description} footer={<TermsNote />}>
      {unavailable && <SignInUnavailable failed={actions.failed} />}
      <ProviderButtons actions={actions} />
      <OrDivider label="Or continue with" />
      <CredentialsForm
        id={screen}
        {...texts}
        {...form}
        // Email and password go to the screen's own action: actions.login or actions.signup.
        onSubmit={(credentials) => void actions[screen](credentials)}
        pending={actions.pending === 'password'}
        disabled={!actions.available || actions.pending !== null}
      />
      {children}
    </AuthCard>
  );
}
