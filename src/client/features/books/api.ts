import { useMutation } from '@tanstack/react-query';
import type { ActivityArea, ActivityItem } from '../../../shared/schemas/activity.js';
import type { BookRole, CreateBookInput } from '../../../shared/schemas/book.js';
import type { CreateInvitationInput, UpdateMemberInput } from '../../../shared/schemas/sharing.js';
import { unwrap } from '../../lib/envelope.js';
import { newIdempotencyKey } from '../../lib/idempotency-key.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/** Shared books (docs/sharing.md): the books a person is in, a book's members, invitations. */

type Utils = ReturnType<typeof trpc.useUtils>;

/** A mutation sent with a fresh key (or the submission's), then `after` refreshes what it changed. */
function useKeyedMutation<I, O>(
  call: (utils: Utils, input: I, key: string) => Promise<O>,
  after: (utils: Utils) => Promise<unknown>,
) {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: I & { idempotencyKey?: string }) =>
      call(utils, input as I, idempotencyKey ?? newIdempotencyKey()),
    onSuccess: () => after(utils),
    ...RETRY_UNANSWERED,
  });
}

export const ROLE_LABELS: Record<BookRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  viewer: 'Viewer',
};

/** Every book the person is a member of, their personal book first. */
export function useBooks() {
  return trpc.book.list.useQuery({}, { select: unwrap });
}

export const useCreateBook = () =>
  useKeyedMutation(
    (utils, input: CreateBookInput, key) =>
      utils.client.book.create.mutate(input, withIdempotencyKey(key)).then(unwrap),
    (utils) => utils.book.list.invalidate(),
  );

export const useDeleteBook = () =>
  useKeyedMutation(
    (utils, input: { id: string }, key) =>
      utils.client.book.delete.mutate(input, withIdempotencyKey(key)),
    (utils) => utils.book.list.invalidate(),
  );

export const useLeaveBook = () =>
  useKeyedMutation(
    (utils, input: { id: string }, key) =>
      utils.client.member.leave.mutate(input, withIdempotencyKey(key)),
    (utils) => utils.book.list.invalidate(),
  );

export function useMembers() {
  return trpc.member.list.useQuery({}, { select: unwrap });
}

export const useUpdateMember = () =>
  useKeyedMutation(
    (utils, input: UpdateMemberInput, key) =>
      utils.client.member.update.mutate(input, withIdempotencyKey(key)).then(unwrap),
    // Making someone else owner may be the caller's own role changing too.
    (utils) => Promise.all([utils.member.invalidate(), utils.book.invalidate()]),
  );

export const useRemoveMember = () =>
  useKeyedMutation(
    (utils, input: { id: string }, key) =>
      utils.client.member.remove.mutate(input, withIdempotencyKey(key)),
    (utils) => Promise.all([utils.member.invalidate(), utils.book.list.invalidate()]),
  );

/** The book's invitations: only its owners may read them. */
export function useInvitations(enabled: boolean) {
  return trpc.invitation.list.useQuery({}, { select: unwrap, enabled });
}

export const useCreateInvitation = () =>
  useKeyedMutation(
    (utils, input: CreateInvitationInput, key) =>
      utils.client.invitation.create.mutate(input, withIdempotencyKey(key)).then(unwrap),
    (utils) => utils.invitation.list.invalidate(),
  );

export const useRevokeInvitation = () =>
  useKeyedMutation(
    (utils, input: { id: string }, key) =>
      utils.client.invitation.revoke.mutate(input, withIdempotencyKey(key)),
    (utils) => utils.invitation.list.invalidate(),
  );

/** What an invitation link offers: which book, which role, from whom, and whether it is open. */
export function useInvitationPreview(token: string | null) {
  return trpc.invitation.preview.useQuery(
    { token: token ?? '' },
    { select: unwrap, enabled: token !== null, retry: false },
  );
}

export const useAcceptInvitation = () =>
  useKeyedMutation(
    (utils, input: { token: string }, key) =>
      utils.client.invitation.accept.mutate(input, withIdempotencyKey(key)).then(unwrap),
    (utils) => utils.book.list.invalidate(),
  );

export const useDeclineInvitation = () =>
  useKeyedMutation(
    (utils, input: { token: string }, key) =>
      utils.client.invitation.decline.mutate(input, withIdempotencyKey(key)),
    (utils) => utils.invitation.preview.invalidate(),
  );

type ActivityPage = { data: { items: ActivityItem[]; nextCursor: string | null } };

/**
 * The book's activity (GET /api/book/activity), newest first, a page at a time, narrowed to a
 * member and an area. Live updates refetch it with everything else (live-connection.ts).
 */
export function useActivity(filter: { memberId?: string; area?: ActivityArea }) {
  return trpc.activity.list.useInfiniteQuery(filter, {
    getNextPageParam: (page: ActivityPage) => page.data.nextCursor ?? undefined,
    select: (pages) => pages.pages.flatMap((page) => page.data.items),
  });
}
