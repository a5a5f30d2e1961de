import { z } from 'zod';
import { BOOK_ROLES, bookSchema } from './book.js';
import { emailSchema } from './auth.js';
import { envelope, invitationIdSchema, isoDateTime, memberIdSchema } from './common.js';

/**
 * Shared books (docs/sharing.md): the members of a book with their roles, and the invitations
 * that bring people in.
 */

/** How long an invitation can be accepted, from when it was made. */
export const INVITATION_TTL_DAYS = 7;
/** Open invitations a book may have at once: enough for a household, not a mailing list. */
export const OPEN_INVITATIONS_MAX = 50;

/**
 * The query parameter that names the book a call works on (a REST client's way; the X-Book-Id
 * header is the other, docs/sharing.md#choosing-a-book).
 */
export const BOOK_ID_PARAMETER = 'bookId';

const roleSchema = z.enum(BOOK_ROLES, {
  error: 'role must be owner, editor or viewer',
});

const roleMeta = {
  description:
    'owner: everything, including members, invitations and deleting the book; editor: record, edit, import, manage accounts, categories and rules; viewer: read and export',
};

export const memberSchema = z
  .object({
    userId: z.string().meta({ description: 'The member’s user id' }),
    email: z.string(),
    role: z.enum(BOOK_ROLES).meta(roleMeta),
    /** The one whose personal book this is: stays its owner (docs/sharing.md#roles). */
    personalOwner: z.boolean().meta({
      description: 'This is the member’s personal book: they stay its owner and cannot leave it',
    }),
    you: z.boolean().meta({ description: 'This member is the caller' }),
    joinedAt: isoDateTime,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const memberListOutput = envelope(z.array(memberSchema));

export const memberIdInput = z.object({ id: memberIdSchema });

/** PATCH /api/book/members/{id}: give a member another role. */
export const updateMemberInput = z.object({
  id: memberIdSchema,
  role: roleSchema.meta(roleMeta),
});
export type UpdateMemberInput = z.infer<typeof updateMemberInput>;
export const memberOutput = envelope(memberSchema);

export const INVITATION_STATES = ['open', 'accepted', 'declined', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const invitationSchema = z
  .object({
    id: z.string(),
    role: z.enum(BOOK_ROLES).meta(roleMeta),
    email: z
      .string()
      .nullable()
      .meta({ description: 'Where the invitation was mailed; null for one shared as a link' }),
    state: z.enum(INVITATION_STATES),
    invitedBy: z.string().nullable().meta({ description: 'Email of the member who invited' }),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListOutput = envelope(z.array(invitationSchema));

/** POST /api/book/invitations: mailed when `email` is given, else a link to share. */
export const createInvitationInput = z.object({
  role: roleSchema.meta(roleMeta),
  email: emailSchema
    .optional()
    .meta({ description: 'Mail the invitation here; leave out to get only a link to share' }),
});
export type CreateInvitationInput = z.infer<typeof createInvitationInput>;

export const createdInvitationOutput = envelope(
  z.object({
    invitation: invitationSchema,
    link: z.string().meta({
      description:
        'The single-use link that accepts the invitation: shown only now (the server keeps only a hash of it)',
    }),
    token: z.string().meta({
      description: 'The secret of the link (after #token=), for the invitation routes',
    }),
  }),
);

/** POST /api/invitations/accept: the book joined, and the caller as its member. */
export const acceptedInvitationOutput = envelope(
  z.object({ book: bookSchema, member: memberSchema }),
);

export const invitationIdInput = z.object({ id: invitationIdSchema });

const INVITATION_TOKEN_MALFORMED =
  'This invitation link is incomplete: open the whole link you were sent.';

/** The secret of an invitation link, as issued (256 random bits, base64url). */
export const invitationTokenInput = z.object({
  token: z
    .string({ error: INVITATION_TOKEN_MALFORMED })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: INVITATION_TOKEN_MALFORMED })
    .meta({
      description: 'The token of the invitation link (after #token= in the link)',
      example: 'Jm3Q0w8sVt2nR6yXe4kP1aZ7cL9dF5hB0gT3uW8iO2q',
    }),
});

/** What an invitee sees before accepting: which book, which role, from whom, and its state. */
export const invitationPreviewOutput = envelope(
  z
    .object({
      bookId: z.string().meta({
        description: 'The book it leads into: send it as bookId once you are a member',
      }),
      bookName: z.string(),
      role: z.enum(BOOK_ROLES).meta(roleMeta),
      invitedBy: z.string().nullable(),
      state: z.enum(INVITATION_STATES),
      expiresAt: isoDateTime,
      alreadyMember: z.boolean().meta({ description: 'The caller is already in this book' }),
    })
    .meta({ id: 'InvitationPreview' }),
);

/** Where an invitation link leads in the app: the token rides in the fragment, never sent. */
export const INVITATION_PATH = '/invitation';
