/**
 * Against a running server in demo mode (`npm start` with no Firebase configuration): signs up on
 * the Auth emulator, reads the verification link, verifies, exchanges the ID token at
 * /api/auth/firebase and calls /api/account with the session. Exits non-zero on any failure.
 *
 *   npx tsx scripts/demo-sign-in-check.ts [http://127.0.0.1:3000]
 */
import { AuthEmulatorClient } from '../tests/helpers/firebase-emulator-client.js';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';

async function main(): Promise<void> {
  const config = (await (await fetch(`${base}/api/config`)).json()) as {
    data: {
      demo: boolean;
      authEmulatorUrl: string | null;
      firebase: { projectId: string; apiKey: string } | null;
    };
  };
  if (!config.data.demo || !config.data.authEmulatorUrl || !config.data.firebase) {
    throw new Error('the server is not in demo mode');
  }
  const emulator = new AuthEmulatorClient(
    new URL(config.data.authEmulatorUrl).host,
    config.data.firebase.projectId,
    config.data.firebase.apiKey,
  );
  const email = `check-${Date.now()}@example.com`;
  const password = 'correct horse battery';

  const signedUp = await emulator.signUp(email, password);
  await emulator.sendVerificationEmail(signedUp.idToken);
  const refused = await exchange(signedUp.idToken);
  if (refused.status !== 403)
    throw new Error(`unverified token: expected 403, got ${refused.status}`);

  // The server's demo mailbox shows the same link a person would click.
  const mailbox = (await (
    await fetch(`${base}/api/demo/mailbox?email=${encodeURIComponent(email)}`)
  ).json()) as {
    data: { link: string }[];
  };
  const link = mailbox.data[0]?.link;
  if (!link) throw new Error('no verification link in the demo mailbox');
  if (!(await fetch(link)).ok) throw new Error('the verification link failed');

  const fresh = await emulator.signIn(email, password);
  const accepted = await exchange(fresh.idToken);
  if (accepted.status !== 200)
    throw new Error(`verified token: expected 200, got ${accepted.status}`);
  const token = ((await accepted.json()) as { data: { token: string } }).data.token;

  const accounts = await fetch(`${base}/api/account`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (accounts.status !== 200) throw new Error(`/api/account answered ${accounts.status}`);
  console.log(`demo sign-in check: ${email} signed up, verified, exchanged, and read /api/account`);
}

function exchange(idToken: string): Promise<Response> {
  return fetch(`${base}/api/auth/firebase`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ idToken }).toString(),
  });
}

main().catch((error: unknown) => {
  console.error('demo sign-in check failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
