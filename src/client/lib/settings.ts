import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { UpdateSettingsInput } from '../../shared/schemas/settings.js';
import { unwrap } from './envelope.js';
import { RETRY_UNANSWERED } from './query-client.js';
import { trpc, withIdempotencyKey } from './trpc.js';
import { applyLocale } from './locale.js';

/**
 * The person's own settings (GET /api/settings, docs/settings.md), read by every screen that
 * takes an amount. Here rather than in a feature, because features do not import each other.
 */

export function useSettings() {
  return trpc.settings.get.useQuery({}, { select: unwrap, staleTime: Infinity });
}

export function useUpdateSettings() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: UpdateSettingsInput & { idempotencyKey: string }) =>
      utils.client.settings.update.mutate(input, withIdempotencyKey(idempotencyKey)),
    onSuccess: (answer) => utils.settings.get.setData({}, answer),
    ...RETRY_UNANSWERED,
  });
}

/** Amount fields read what is typed in the person's chosen locale once it has loaded. */
export function useFollowLocaleSetting(): void {
  const locale = useSettings().data?.locale;
  useEffect(() => {
    if (locale !== undefined) applyLocale(locale);
  }, [locale]);
}
