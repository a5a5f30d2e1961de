import { create } from 'zustand';

/**
 * The person's locale for typed amounts and figures (docs/settings.md): their chosen one once settings have
 * loaded, the browser's until then or when they chose none. Amount fields read through it
 * outside React too (a form's check runs in its resolver), hence a store rather than a context.
 */
interface LocaleState {
  /** The locale asked for; marksFor falls back to the browser's when this browser cannot use it. */
  locale: string;
}

export function browserLocale(): string {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US';
}

export const useLocaleStore = create<LocaleState>(() => ({ locale: browserLocale() }));

/** Follows the person's setting; null: the browser's. */
export function applyLocale(locale: string | null): void {
  const next = locale ?? browserLocale();
  if (next !== useLocaleStore.getState().locale) useLocaleStore.setState({ locale: next });
}
