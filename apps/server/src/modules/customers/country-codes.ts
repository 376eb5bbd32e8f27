import type { CountryCode } from '@gemstore/contracts';
import { COUNTRY_CODE_ROWS } from './country-codes.data.ts';

/** Every phone country code, sorted by name (GET country-codes). */
export const COUNTRY_CODES: readonly CountryCode[] = COUNTRY_CODE_ROWS
  .map(([id, iso, phonecode, name]) => ({ id, iso, phonecode, name }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const byId = new Map(COUNTRY_CODES.map((c) => [c.id, c]));

export function findCountryCode(id: number): CountryCode | undefined {
  return byId.get(id);
}

/**
 * The country calling code to put before a national number: '91' for India, '1' for American
 * Samoa ('1-684': the area code is already part of a 10-digit national number).
 */
export function dialPrefix(id: number): string {
  return (byId.get(id)?.phonecode ?? '').split('-')[0]!.replace(/\D/g, '');
}
