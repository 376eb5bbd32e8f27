import { City, Country as Countries, State } from 'country-state-city';
import type { Country, Region } from '@gemstore/contracts';

/**
 * Countries, states and cities from the maintained `country-state-city` data set. Ids are ISO
 * codes (contracts/checkout.ts): country "IN", state "IN-RJ" (ISO 3166-2), city its name. India
 * comes first, the rest by name. Lists are built once per process (the data set is static).
 */
let countries: Country[] | undefined;
const states = new Map<string, Region[]>();
const cities = new Map<string, Region[]>();

export function listCountries(): Country[] {
  if (!countries) {
    const all = Countries.getAllCountries().map((c) => ({ id: c.isoCode, name: c.name, phonecode: c.phonecode }));
    all.sort((a, b) => (a.id === 'IN' ? -1 : b.id === 'IN' ? 1 : a.name.localeCompare(b.name, 'en')));
    countries = all;
  }
  return countries;
}

export function findCountry(countryId: string): Country | undefined {
  return listCountries().find((c) => c.id === countryId);
}

/** States of a country, or undefined for an unknown country. */
export function listStates(countryId: string): Region[] | undefined {
  if (!findCountry(countryId)) return undefined;
  let list = states.get(countryId);
  if (!list) {
    list = State.getStatesOfCountry(countryId).map((s) => ({ id: `${countryId}-${s.isoCode}`, name: s.name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    states.set(countryId, list);
  }
  return list;
}

export function splitStateId(stateId: string): { countryId: string; stateCode: string } {
  return { countryId: stateId.slice(0, 2), stateCode: stateId.slice(3) };
}

export function findState(stateId: string): Region | undefined {
  return listStates(splitStateId(stateId).countryId)?.find((s) => s.id === stateId);
}

/** Cities of a state (possibly none: the data set lacks cities for some states), or undefined for an unknown state. */
export function listCities(stateId: string): Region[] | undefined {
  if (!findState(stateId)) return undefined;
  let list = cities.get(stateId);
  if (!list) {
    const { countryId, stateCode } = splitStateId(stateId);
    const names = [...new Set(City.getCitiesOfState(countryId, stateCode).map((c) => c.name))];
    list = names.sort((a, b) => a.localeCompare(b, 'en')).map((name) => ({ id: name, name }));
    if (cities.size > 500) cities.clear();
    cities.set(stateId, list);
  }
  return list;
}

export interface ResolvedLocation {
  countryCode: string; countryName: string;
  stateCode: string; stateName: string;
  cityName: string;
}

/**
 * Checks that the city lies in the state and the state in the country; field errors use the
 * form's names. A state the data set has no cities for accepts the city as typed.
 */
export function resolveLocation(countryId: string, stateId: string, cityId: string): { location?: ResolvedLocation; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const country = findCountry(countryId);
  if (!country) {
    errors.countryId = ['Choose a country from the list.'];
    return { errors };
  }
  const state = stateId.startsWith(`${countryId}-`) ? findState(stateId) : undefined;
  if (!state) {
    errors.stateId = ['Choose a state of the chosen country.'];
    return { errors };
  }
  const list = listCities(stateId) ?? [];
  const city = list.length ? list.find((c) => c.id === cityId) : { id: cityId, name: cityId };
  if (!city) {
    errors.cityId = ['Choose a city of the chosen state.'];
    return { errors };
  }
  return {
    errors,
    location: { countryCode: countryId, countryName: country.name, stateCode: splitStateId(stateId).stateCode, stateName: state.name, cityName: city.name },
  };
}

/** Names for stored codes (an address shows them; codes dropped from the data set show as the code). */
export function locationNames(countryCode: string, stateCode: string): { country: string; state: string } {
  const country = findCountry(countryCode)?.name ?? countryCode;
  const state = findState(`${countryCode}-${stateCode}`)?.name ?? stateCode;
  return { country, state };
}
