/**
 * Folds text the way the database's ledger_fold does (docs/ledger.md#search): lower case,
 * accents removed, ß as ss, runs of spaces as one, trimmed. A bank that changes the case,
 * accents or spacing of a description still yields the same fingerprint (docs/import.md).
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .replace(/\s+/gu, ' ')
    .trim();
}
