import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CREDENTIALS } from '../../src/shared/schemas/auth.js';
import { demoIdentitiesFile } from '../../src/server/dev/demo-mode.js';
import { AuthEmulatorClient } from '../helpers/firebase-emulator-client.js';
import { freePortBlock } from '../helpers/free-ports.js';
import { testBackend } from '../helpers/test-database.js';
import {
  REPO_ROOT,
  SERVER_ENTRY,
  ServerProcess,
  createFreshDatabase,
  removeWorkDir,
} from '../reliability/server-process.js';

/**
 * Demo mode keeps its sign-in identities across restarts, crashes included: the real server
 * process (the built src/server/index.ts with --demo, as `npm start` runs it) is killed with kill -9 and stopped gracefully, and people who signed up
 * before, and the demo account, sign in again with the same uid and find their accounts.
 */

vi.setConfig({ testTimeout: 480_000, hookTimeout: 240_000 });

const PASSWORD = 'correct horse battery';

describe('demo identities survive restarts of the server', () => {
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | null = null;
  let server: ServerProcess;
  let emulator: AuthEmulatorClient;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'et-demo-identities-'));
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(await freePortBlock(3)),
      LOG_LEVEL: 'warn',
    };
    let databaseUrl: string | null = null;
    if (testBackend === 'postgres') {
      const database = await createFreshDatabase(process.env.TEST_DATABASE_URL ?? '');
      databaseUrl = database.url;
      dropDatabase = () => database.drop();
    }
    server = new ServerProcess({
      label: `demo-identities-${testBackend}`,
      backend: databaseUrl ? { kind: 'postgres', databaseUrl } : { kind: 'pglite', dataDir },
      port: await freePortBlock(1),
      // What `npm start` runs: the build, with its flag (`npm test` builds first); from source
      // through tsx, some seconds slower to start, when there is no build.
      nodeArgs: existsSync(SERVER_ENTRY)
        ? [SERVER_ENTRY, '--demo']
        : ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/index.ts'), '--demo'],
      env,
      startTimeoutMs: 180_000,
    });
    baseUrl = server.url;
    emulator = new AuthEmulatorClient(`127.0.0.1:${env.AUTH_EMULATOR_PORT}`);
    await server.start();
  });

  afterAll(async () => {
    await server?.stop();
    await dropDatabase?.();
    await rm(dataDir, { recursive: true, force: true });
    removeWorkDir();
  });

  /** A verified person with their own account, through the emulator and the server. */
  async function signUpWithAccount(email: string, title: string): Promise<string> {
    const { idToken, localId } = await emulator.signUp(email, PASSWORD);
    await emulator.sendVerificationEmail(idToken);
    await emulator.clickVerificationLink(email);
    const token = await exchange((await emulator.signIn(email, PASSWORD)).idToken);
    await createAccount(token, title);
    return localId;
  }

  async function exchange(idToken: string): Promise<string> {
    const res = await fetch(`${baseUrl}/api/auth/firebase`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
    const body = (await res.json()) as { data?: { token: string } };
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.data?.token ?? '';
  }

  async function createAccount(token: string, title: string): Promise<void> {
    const res = await fetch(`${baseUrl}/api/account`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    expect(res.status).toBe(200);
  }

  /** Signs in again with the password; the uid the emulator knows, and the account titles. */
  async function signInAgain(email: string, password = PASSWORD) {
    const { idToken, localId } = await emulator.signIn(email, password);
    const token = await exchange(idToken);
    const res = await fetch(`${baseUrl}/api/account`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { data: { title: string }[] };
    return { uid: localId, titles: body.data.map((account) => account.title) };
  }

  function savedUsers(): { localId: string; emailVerified?: boolean }[] {
    const file = demoIdentitiesFile(dataDir);
    if (!existsSync(file)) return [];
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      users: { localId: string; emailVerified?: boolean }[];
    };
    return saved.users;
  }
  const savedUids = () => savedUsers().map((user) => user.localId);

  function bannersInLog(): number {
    return (readFileSync(server.logPath, 'utf8').match(/DEMO MODE: sign-in runs on a local/g) ?? [])
      .length;
  }

  it('prints the demo-mode warning banner at start', () => {
    expect(bannersInLog()).toBe(1);
  });

  it('keeps identities through kill -9 and a graceful restart, uids and data included', async () => {
    const annUid = await signUpWithAccount('ann@example.com', "Ann's wallet");
    const demoFirst = await emulator.signIn(DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password);
    await createAccount(await exchange(demoFirst.idToken), 'Demo wallet');

    // The identities reach the file within a few seconds of existing...
    // (as they stand now: a snapshot taken between her sign-up and her verification would bring
    // her back unverified, and a crash loses what came after the last snapshot)...
    await vi.waitFor(
      () =>
        expect(savedUsers()).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ localId: annUid, emailVerified: true }),
          ]),
        ),
      { timeout: 5000, interval: 200 },
    );
    // ...so a crash of the server loses none of them.
    await server.kill9();
    await server.start();
    expect(bannersInLog()).toBe(2);

    expect(await signInAgain('ann@example.com')).toEqual({
      uid: annUid,
      titles: ["Ann's wallet"],
    });
    expect(await signInAgain(DEMO_CREDENTIALS.email, DEMO_CREDENTIALS.password)).toEqual({
      uid: demoFirst.localId,
      titles: ['Demo wallet'],
    });

    // Someone who signs up just before a graceful stop is saved by the stop itself.
    const benUid = await signUpWithAccount('ben@example.com', "Ben's wallet");
    await server.stop();
    await server.start();
    expect(await signInAgain('ben@example.com')).toEqual({
      uid: benUid,
      titles: ["Ben's wallet"],
    });
    expect((await signInAgain('ann@example.com')).uid).toBe(annUid);
    expect(new Set(savedUids())).toEqual(new Set([annUid, benUid, demoFirst.localId]));
  });
});

describe('demo mode on a non-loopback address', () => {
  it('is refused at start, naming HOST, before anything starts', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'et-demo-refused-'));
    try {
      const run = promisify(execFile);
      const outcome = await run(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'src/server/index.ts'), '--demo'],
        {
          cwd: REPO_ROOT,
          env: {
            PATH: process.env.PATH,
            HOME: process.env.HOME,
            HOST: '0.0.0.0',
            PORT: String(await freePortBlock(1)),
            DATA_DIR: dataDir,
          },
          timeout: 120_000,
        },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code?: number; stderr?: string }) => ({
          code: error.code,
          stderr: error.stderr ?? '',
        }),
      );
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toMatch(
        /HOST: demo mode accepts unsigned sign-in tokens, so it listens only on a loopback address/,
      );
      expect(outcome.stderr).toMatch(/DEMO_MODE_ALLOW_NON_LOOPBACK=true/);
      expect(outcome.stderr).not.toMatch(/starting the Firebase Auth emulator/);
      expect(existsSync(demoIdentitiesFile(dataDir))).toBe(false);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
