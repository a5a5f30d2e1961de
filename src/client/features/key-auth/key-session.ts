/**
 * Calls made with the KEY-login token. The tRPC client always sends the main session token, so
 * these use fetch with their own Authorization header.
 */
export class KeyApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, token: string): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? '{}' : undefined,
  });
  const body = (await res.json().catch(() => null)) as { message?: string; data?: T } | null;
  if (!res.ok) throw new KeyApiError(body?.message || `HTTP ${res.status}`, res.status);
  return body?.data as T;
}

/** The user behind the key-login token (GET /api/auth/me). */
export function fetchKeyUser(token: string): Promise<{ email: string }> {
  return call('GET', '/api/auth/me', token);
}

/** Ends the key-login session on the server; an already invalid token counts as ended. */
export async function endKeySession(token: string): Promise<void> {
  try {
    await call('POST', '/api/auth/logout', token);
  } catch (error) {
    if (!(error instanceof KeyApiError && error.status === 401)) throw error;
  }
}
