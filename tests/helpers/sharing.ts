import type { BookRole } from '../../src/shared/schemas/book.js';
import type { TestApp, TestUser } from './test-app.js';

// Shared books in tests (docs/sharing.md): the steps a person takes to let someone in.

/** The token of an invitation link: what follows `#token=`. */
export const invitationTokenOf = (link: string): string =>
  new URL(link, 'http://localhost').hash.replace('#token=', '');

/**
 * A new person who joined, with `role`, the book `inviter`'s calls work on (their `onBook`, else
 * their personal one) through a link invitation; their calls work on that book.
 */
export async function joinedMember(
  t: TestApp,
  inviter: TestUser,
  role: BookRole,
): Promise<TestUser> {
  const { link } = (await t.caller(inviter).invitation.create({ role })).data;
  const person = await t.signUp();
  const joined = await t.caller(person).invitation.accept({ token: invitationTokenOf(link) });
  return { ...person, onBook: joined.data.book.id };
}
