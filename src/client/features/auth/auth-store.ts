import { create } from 'zustand';

/**
 * The session token lives in localStorage under "token" with the prefix "expense-tracker_"
 * (docs/sign-in.md#browser-storage).
 */
export const TOKEN_STORAGE_KEY = 'expense-tracker_token';

interface AuthState {
  token: string | null;
  isAuthenticated: boolean;
  /** A non-empty token signs in; an empty one signs out. */
  setToken: (token: string | null) => void;
  logout: () => void;
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode): the session then lasts for this page only.
  }
}

export const useAuthStore = create<AuthState>((set) => {
  const token = readToken();
  return {
    token,
    isAuthenticated: Boolean(token),
    setToken(next) {
      const value = next || null;
      writeToken(value);
      set({ token: value, isAuthenticated: Boolean(value) });
    },
    logout() {
      writeToken(null);
      set({ token: null, isAuthenticated: false });
    },
  };
});

// Another tab signing in or out changes this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY) {
      const token = event.newValue || null;
      useAuthStore.setState({ token, isAuthenticated: Boolean(token) });
    }
  });
}

/**
 * Runs `listener` whenever a session starts, here or in another tab: a token appears or
 * replaces another one. Signing out does not count.
 */
export function onSessionStart(listener: () => void): () => void {
  return useAuthStore.subscribe((state, previous) => {
    if (state.token && state.token !== previous.token) listener();
  });
}
