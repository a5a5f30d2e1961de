/**
 * The Auth emulator's accounts over its REST API, the way firebase-tools' own export and import
 * (`--export-on-exit`, `--import`) read and write them: the Identity Toolkit batchGet and
 * batchCreate endpoints, as project owner. A user is kept exactly as the emulator gives it
 * (uid, email, password hash, providers, verification), so importing it back restores it.
 */

/** One account as the emulator lists it; only the fields this code reads are named. */
export interface EmulatorUser {
  localId: string;
  email?: string;
  [field: string]: unknown;
}

/** Owner access to the emulator's admin endpoints (what firebase-tools itself sends). */
const OWNER = { authorization: 'Bearer owner' };
const IMPORT_BATCH = 500;
const TIMEOUT_MS = 10_000;

function accountsUrl(host: string, projectId: string, operation: string): string {
  return `http://${host}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(projectId)}/accounts:${operation}`;
}

/**
 * fetch, tried a second time when the connection fails: a kept-alive connection the emulator
 * has just closed (the event loop was busy when it expired) fails the first attempt.
 */
async function fetchTwice(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }
}

async function failure(res: Response, what: string): Promise<Error> {
  const text = await res.text().catch(() => '');
  return new Error(`Auth emulator ${what} answered ${res.status}: ${text.slice(0, 500)}`);
}

/** Every account of the project, ordered by uid (so equal states serialise equally). */
export async function listEmulatorUsers(host: string, projectId: string): Promise<EmulatorUser[]> {
  const res = await fetchTwice(`${accountsUrl(host, projectId, 'batchGet')}?maxResults=-1`, {
    headers: OWNER,
  });
  if (!res.ok) throw await failure(res, 'accounts:batchGet');
  const body = (await res.json()) as { users?: EmulatorUser[] };
  return body.users ?? [];
}

/** Creates the accounts, uids and password hashes included, in a fresh emulator. */
export async function importEmulatorUsers(
  host: string,
  projectId: string,
  users: readonly EmulatorUser[],
): Promise<void> {
  for (let start = 0; start < users.length; start += IMPORT_BATCH) {
    const res = await fetchTwice(accountsUrl(host, projectId, 'batchCreate'), {
      method: 'POST',
      headers: { ...OWNER, 'content-type': 'application/json' },
      body: JSON.stringify({ users: users.slice(start, start + IMPORT_BATCH) }),
    });
    if (!res.ok) throw await failure(res, 'accounts:batchCreate');
    // A refused account is reported in the body of a 200, one entry per account.
    const body = (await res.json()) as { error?: { index: number; message: string }[] };
    if (body.error?.length) {
      const first = body.error[0];
      throw new Error(
        `Auth emulator refused ${body.error.length} account(s) on import, first: ${first?.message ?? 'unknown'}`,
      );
    }
  }
}
