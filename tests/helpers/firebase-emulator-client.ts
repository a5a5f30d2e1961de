/**
 * What the Firebase client SDK does against the Auth emulator, over its REST API: enough to sign
 * up, read the verification mail, verify and sign in, from tests and scripts.
 */
export class AuthEmulatorClient {
  constructor(
    private readonly host: string,
    private readonly projectId = 'demo-expense-tracker',
    private readonly apiKey = 'demo-api-key',
  ) {}

  private async call<T>(method: string, body: object): Promise<T> {
    const res = await fetch(
      `http://${this.host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${this.apiKey}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    const json = (await res.json()) as T & { error?: { message: string } };
    if (!res.ok) throw new Error(`accounts:${method} failed: ${json.error?.message ?? res.status}`);
    return json;
  }

  signUp(email: string, password: string) {
    return this.call<{ idToken: string; localId: string }>('signUp', {
      email,
      password,
      returnSecureToken: true,
    });
  }

  signIn(email: string, password: string) {
    return this.call<{ idToken: string; localId: string }>('signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    });
  }

  sendVerificationEmail(idToken: string) {
    return this.call<{ email: string }>('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  }

  /** The emulator's outbox: every mail it would have sent. */
  async mailbox(): Promise<
    { email: string; oobCode: string; oobLink: string; requestType: string }[]
  > {
    const res = await fetch(`http://${this.host}/emulator/v1/projects/${this.projectId}/oobCodes`);
    return ((await res.json()) as { oobCodes: [] }).oobCodes;
  }

  /** Follows the newest verification link sent to the address, as a person clicking it would. */
  async clickVerificationLink(email: string): Promise<void> {
    const mail = (await this.mailbox())
      .filter((m) => m.email === email && m.requestType === 'VERIFY_EMAIL')
      .at(-1);
    if (!mail) throw new Error(`no verification mail for ${email}`);
    const res = await fetch(mail.oobLink);
    if (!res.ok) throw new Error(`verification link answered ${res.status}`);
  }
}
