/**
 * The success envelope of every procedure (docs/api.md#envelope): `{ success: true, message?,
 * data }`. Each procedure's output schema checks and orders it.
 */
export function ok<T>(data: T, message?: string): { success: true; message?: string; data: T } {
  return message === undefined ? { success: true, data } : { success: true, message, data };
}

/** A success holding a list, with the ids of its items in order beside it (what a reorder takes). */
export function okOrdered<T extends { id: string }>(
  data: T[],
  message?: string,
): { success: true; message?: string; data: T[]; order: string[] } {
  return { ...ok(data, message), order: data.map((item) => item.id) };
}

/** A success that carries only words, e.g. "Account deleted successfully". */
export function okMessage(message: string): { success: true; message: string } {
  return { success: true, message };
}
