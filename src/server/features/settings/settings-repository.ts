import type { DbOrTx } from '../../db/connect.js';

// A person's settings live on their users row (docs/settings.md).

export interface SettingsRow {
  locale: string | null;
}

export function findSettings(db: DbOrTx, userId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('users').select(['locale']).where('id', '=', userId).executeTakeFirst();
}

export function updateSettingsFields(
  db: DbOrTx,
  userId: string,
  fields: { locale?: string | null | undefined },
): Promise<SettingsRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...(fields.locale !== undefined && { locale: fields.locale }) })
    .where('id', '=', userId)
    .returning(['locale'])
    .executeTakeFirst();
}
