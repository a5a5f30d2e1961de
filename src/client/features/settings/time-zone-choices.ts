import type { SelectOption } from '../../components/ui/select.js';

/**
 * Every IANA time zone this browser knows, by name ("Pacific/Auckland"), with the book's current
 * one and this device's kept even when the browser's list lacks them (UTC is not in it).
 */
export function timeZoneChoices(current: string | null, device: string): SelectOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(device);
  if (current) zones.add(current);
  return [...zones]
    .sort((a, b) => a.localeCompare(b))
    .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}
