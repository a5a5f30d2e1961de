import { describe, expect, it } from 'vitest';
import { ACTIVITY_AREAS } from '../../../shared/schemas/activity.js';
import { AREA_LABELS, activityDid, activityWho } from './activity-words.js';

describe('activity in plain words', () => {
  it('says what a known kind did', () => {
    expect(activityDid({ kind: 'entry.create', area: 'entry' })).toBe('recorded an entry');
    expect(activityDid({ kind: 'account.deposit', area: 'account' })).toBe('made a deposit');
    expect(activityDid({ kind: 'member.update', area: 'member' })).toBe('changed a member’s role');
    expect(activityDid({ kind: 'invitation.accept', area: 'invitation' })).toBe('joined the book');
  });

  it('reads an unknown kind by its area, never by the procedure’s name', () => {
    expect(activityDid({ kind: 'rules.somethingNew', area: 'rules' })).toBe(
      'made a change in rules',
    );
    expect(activityDid({ kind: 'toString', area: 'book' })).toBe('made a change in book');
  });

  it('has a label for every area', () => {
    for (const area of ACTIVITY_AREAS) expect(AREA_LABELS[area]).toMatch(/^[A-Z]/);
  });

  it('says "You" for the caller and names a former member', () => {
    const actor = { userId: 'u1', email: 'a@example.com' };
    expect(activityWho({ actor }, 'u1')).toBe('You');
    expect(activityWho({ actor }, 'u2')).toBe('a@example.com');
    expect(activityWho({ actor }, undefined)).toBe('a@example.com');
    expect(activityWho({ actor: null }, 'u1')).toBe('A former member');
  });
});
