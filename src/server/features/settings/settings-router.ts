import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init.js';
import { ok } from '../../trpc/envelope.js';
import { idempotencyHeaders, idempotentMutation } from '../../trpc/idempotent-mutation.js';
import { settingsOutput, updateSettingsInput } from '../../../shared/schemas/settings.js';
import { getSettings, updateSettings } from './settings-service.js';

// The caller's own settings (docs/settings.md); the book's time zone is on /api/book.

const tags = ['Settings'];

export const settingsRouter = router({
  get: protectedProcedure
    .meta({
      bookAccess: 'none',
      openapi: {
        method: 'GET',
        path: '/api/settings',
        tags,
        summary: 'Your settings: the locale amounts are typed and figures are written in',
      },
    })
    .input(z.object({}))
    .output(settingsOutput)
    .query(async ({ ctx }) => ok(await getSettings(ctx.database.db, ctx.user.id))),

  update: protectedProcedure
    .meta({
      bookAccess: 'none',
      openapi: {
        method: 'PATCH',
        path: '/api/settings',
        requestHeaders: idempotencyHeaders,
        tags,
        summary: 'Choose your locale (BCP 47, e.g. de-DE), or null for your browser’s',
      },
    })
    .input(updateSettingsInput)
    .output(settingsOutput)
    .mutation(
      idempotentMutation(async ({ ctx, input, db }) =>
        ok(await updateSettings(db, ctx.user.id, input), 'Settings saved'),
      ),
    ),
});
