import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetPendingInvitation,
  invitationTokenOf,
  keepInvitationForSignIn,
  pendingInvitation,
} from './pending-invitation.js';

const TOKEN = 'Jm3Q0w8sVt2nR6yXe4kP1aZ7cL9dF5hB0gT3uW8iO2q';

afterEach(() => sessionStorage.clear());

describe('an invitation link opened before signing in', () => {
  it('keeps its fragment for after the sign-in, until the invitation screen has it', () => {
    expect(pendingInvitation()).toBeNull();
    keepInvitationForSignIn(`token=${TOKEN}`);
    expect(pendingInvitation()).toBe(`token=${TOKEN}`);
    forgetPendingInvitation();
    expect(pendingInvitation()).toBeNull();
  });

  it('keeps nothing for a link without a fragment', () => {
    keepInvitationForSignIn('');
    expect(pendingInvitation()).toBeNull();
  });

  it('reads the token from the fragment, with or without #', () => {
    expect(invitationTokenOf(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(invitationTokenOf(`token=${TOKEN}`)).toBe(TOKEN);
    expect(invitationTokenOf('')).toBeNull();
    expect(invitationTokenOf('#other=1')).toBeNull();
  });
});
