import type { DbOrTx } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { MESSAGES } from '../../../shared/errors.js';
import type { Settings, UpdateSettingsInput } from '../../../shared/schemas/settings.js';
import { findSettings, updateSettingsFields, type SettingsRow } from './settings-repository.js';

// A person's own settings (docs/settings.md).

const toSettings = (row: SettingsRow): Settings => ({ locale: row.locale });

/** A signed-in context always names an existing user; a missing row means the session is stale. */
function present(row: SettingsRow | undefined): SettingsRow {
  if (!row) throw new AppError('UNAUTHORIZED', MESSAGES.sessionInvalid);
  return row;
}

export async function getSettings(db: DbOrTx, userId: string): Promise<Settings> {
  return toSettings(present(await findSettings(db, userId)));
}

export async function updateSettings(
  db: DbOrTx,
  userId: string,
  input: UpdateSettingsInput,
): Promise<Settings> {
  return toSettings(present(await updateSettingsFields(db, userId, input)));
}
