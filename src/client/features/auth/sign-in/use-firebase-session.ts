import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import type { Auth, User } from 'firebase/auth';
import { toast } from 'sonner';
import { screenToast } from '../../../lib/screen-toast.js';
import { useAppConfig } from '../api.js';
import { exchangeIdToken } from '../session-api.js';
import { useAuthStore } from '../auth-store.js';
import { getFirebaseAuth } from '../firebase.js';
import { describeAuthError } from './firebase-errors.js';

/**
 * Firebase for one screen: loads the SDK as soon as the configuration is known (so a popup opens
 * straight from the click, before the browser's user-activation window closes) and turns a
 * Firebase user into a session of ours.
 */
export function useFirebaseSession() {
  const config = useAppConfig();
  const appConfig = config.data;
  const setToken = useAuthStore((state) => state.setToken);
  const navigate = useNavigate();

  useEffect(() => {
    if (appConfig?.firebase) getFirebaseAuth(appConfig).catch(() => undefined);
  }, [appConfig]);

  function getAuth(): Promise<Auth> {
    if (!appConfig) return Promise.reject(new Error('Sign-in settings are still loading.'));
    return getFirebaseAuth(appConfig);
  }

  /** Exchanges the user's ID token for our session token, stores it and goes home. */
  async function startSession(
    user: User,
    successMessage: string,
    forceRefresh = false,
  ): Promise<boolean> {
    let token: string;
    try {
      token = await exchangeIdToken(await user.getIdToken(forceRefresh));
    } catch (error) {
      screenToast.error('Failed to log in to database', { description: describeAuthError(error) });
      return false;
    }
    setToken(token);
    toast.success(successMessage);
    void navigate({ to: '/', replace: true });
    return true;
  }

  return {
    appConfig,
    /** Firebase sign-in is configured on this server. */
    available: Boolean(appConfig?.firebase),
    loading: config.isPending,
    failed: config.isError,
    getAuth,
    startSession,
  };
}
