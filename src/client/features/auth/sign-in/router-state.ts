import { useEffect, useState } from 'react';
import { useLocation } from '@tanstack/react-router';

export interface Credentials {
  email: string;
  password: string;
}

/** What the sign-in screens hand each other through router state (never through the URL). */
declare module '@tanstack/history' {
  interface HistoryState {
    /** Typed on /login or /signup and carried to the other one. */
    credentials?: Credentials;
    /** Why the person is on /verify, and for which address. */
    verification?: { email?: string; message?: string };
  }
}

/**
 * The email and password carried over from the other sign-in screen, read once on arrival.
 * Router state lives in the session history entry, so once read the password is dropped from
 * that entry: going back and forth later does not bring it back. Empty carried fields count as
 * nothing carried.
 */
export function useCarriedCredentials(): Credentials | null {
  const carried = useLocation({ select: (location) => location.state.credentials });
  const [initial] = useState(() =>
    carried && (carried.email || carried.password) ? carried : null,
  );
  useEffect(() => {
    const state = window.history.state as Record<string, unknown> | null;
    if (state && 'credentials' in state) {
      const { credentials: _dropped, ...rest } = state;
      window.history.replaceState(rest, '');
    }
  }, []);
  return initial;
}
