import { useEffect, useState, type FormEvent } from 'react';
import type { AddressEditResponse, AddressResponse } from '@gemstore/contracts';
import { ApiError } from '@gemstore/contracts/client';
import { useCities, useCountries, useStates } from '../api/get-locations.ts';
import { useSaveAddress } from '../api/save-address.ts';
import { useStoreProfile } from '../../../lib/store-context.tsx';

type TextField = 'name' | 'phone' | 'label' | 'address' | 'locality' | 'landmark' | 'pincode';
type Values = Record<TextField | 'countryId' | 'stateId' | 'cityId', string>;

/** New addresses on an Indian store start in India (the list puts it first). */
const INDIA = 'IN';

const TEXT_FIELDS: { name: TextField; label: string; required: boolean; max: number; autoComplete: string; wide?: boolean; type?: string }[] = [
  { name: 'name', label: 'Full name', required: true, max: 50, autoComplete: 'name' },
  { name: 'phone', label: 'Phone', required: true, max: 50, autoComplete: 'tel', type: 'tel' },
  { name: 'label', label: 'Delivery Address Label', required: true, max: 50, autoComplete: 'off' },
];
const STREET_FIELDS: typeof TEXT_FIELDS = [
  { name: 'address', label: 'Address', required: true, max: 255, autoComplete: 'street-address', wide: true },
  { name: 'locality', label: 'Locality', required: true, max: 100, autoComplete: 'address-level3' },
  { name: 'landmark', label: 'Landmark', required: true, max: 100, autoComplete: 'off' },
  { name: 'pincode', label: 'Pincode', required: true, max: 10, autoComplete: 'postal-code' },
];

function initialValues(address: AddressEditResponse | undefined, storeInIndia: boolean): Values {
  return {
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    label: address?.label ?? '',
    // Another store's country is found by name once the list has loaded (below).
    countryId: address?.country_id ?? (storeInIndia ? INDIA : ''),
    stateId: address?.state_id ?? '',
    cityId: address?.city_id ?? '',
    address: address?.address ?? '',
    locality: address?.locality ?? '',
    landmark: address?.landmark ?? '',
    pincode: address?.pincode ?? '',
  };
}

/**
 * Create and edit form: name, phone, label, cascading country, state and city,
 * address, locality, landmark and pincode. Field errors come from the server; any edit clears them.
 */
export function AddressForm({ address, onSaved }: { address?: AddressEditResponse; onSaved: (saved: AddressResponse) => void }) {
  const profile = useStoreProfile();
  const [values, setValues] = useState<Values>(() => initialValues(address, profile.isFromIndia));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveAddress();
  const countries = useCountries();
  const states = useStates(values.countryId);
  const cities = useCities(values.stateId);

  // A new address on a store outside India starts in the store's own country, not India.
  const storeCountry = profile.primary_address.country.trim().toLowerCase();
  const storeCountryId = countries.data?.countries.find((c) => c.name.toLowerCase() === storeCountry)?.id;
  useEffect(() => {
    if (!address && storeCountryId) setValues((v) => (v.countryId === '' ? { ...v, countryId: storeCountryId } : v));
  }, [address, storeCountryId]);

  const change = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
    setFormError(null);
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = { ...values, ...(address ? { id: address.id } : {}) };
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
          setErrors(error.errors);
          // Errors about fields the form does not show (the id) still need saying.
          const shown = new Set<string>([...TEXT_FIELDS.map((f) => f.name), ...STREET_FIELDS.map((f) => f.name), 'countryId', 'stateId', 'cityId']);
          const other = Object.entries(error.errors).filter(([k]) => !shown.has(k)).flatMap(([, m]) => m);
          setFormError(other.length ? other.join(' ') : null);
        } else {
          setFormError(error instanceof Error ? error.message : 'The address could not be saved.');
        }
      },
    });
  };

  const errorOf = (name: string) => errors[name]?.[0];
  const describedBy = (name: string) => (errorOf(name) ? `address-${name}-error` : undefined);

  const textInput = (f: (typeof TEXT_FIELDS)[number]) => (
    <div className={`field${f.wide ? ' field--wide' : ''}`} key={f.name}>
      <label htmlFor={`address-${f.name}`}>{f.label}{f.required && <span className="field__required" aria-hidden="true"> *</span>}</label>
      <input
        id={`address-${f.name}`}
        name={f.name}
        type={f.type ?? 'text'}
        value={values[f.name]}
        maxLength={f.max}
        required={f.required}
        autoComplete={f.autoComplete}
        aria-invalid={errorOf(f.name) ? true : undefined}
        aria-describedby={describedBy(f.name)}
        onChange={(e) => change({ [f.name]: e.target.value })}
      />
      {errorOf(f.name) && <p className="field__error" id={`address-${f.name}-error`}>{errorOf(f.name)}</p>}
    </div>
  );

  const select = (name: 'countryId' | 'stateId' | 'cityId', label: string, options: { id: string; name: string }[] | undefined, loading: boolean, onPick: (id: string) => void, disabled = false) => (
    <div className="field" key={name}>
      <label htmlFor={`address-${name}`}>{label}<span className="field__required" aria-hidden="true"> *</span></label>
      <select
        id={`address-${name}`}
        name={name}
        value={values[name]}
        required
        disabled={disabled}
        aria-busy={loading || undefined}
        aria-invalid={errorOf(name) ? true : undefined}
        aria-describedby={describedBy(name)}
        onChange={(e) => onPick(e.target.value)}
      >
        <option value="">{loading ? 'Loading…' : `Choose ${label.toLowerCase()}`}</option>
        {options?.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
        {/* The saved value stays selectable while its list loads. */}
        {values[name] && !options?.some((o) => o.id === values[name]) && <option value={values[name]}>{values[name]}</option>}
      </select>
      {errorOf(name) && <p className="field__error" id={`address-${name}-error`}>{errorOf(name)}</p>}
    </div>
  );

  return (
    <form className="address-form" onSubmit={submit} noValidate data-testid="address-form">
      <fieldset className="address-form__group">
        <legend>Contact</legend>
        <div className="address-form__grid">{TEXT_FIELDS.map(textInput)}</div>
      </fieldset>
      <fieldset className="address-form__group">
        <legend>Place</legend>
        <div className="address-form__grid">
          {select('countryId', 'Country', countries.data?.countries, countries.isPending,
            (countryId) => change({ countryId, stateId: '', cityId: '' }))}
          {select('stateId', 'State', states.data?.states, states.isFetching,
            (stateId) => change({ stateId, cityId: '' }), !values.countryId)}
          {select('cityId', 'City', cities.data?.cities, cities.isFetching,
            (cityId) => change({ cityId }), !values.stateId)}
          {STREET_FIELDS.map(textInput)}
        </div>
      </fieldset>
      {formError && <p className="form-error" role="alert">{formError}</p>}
      <div className="address-form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending} data-testid="address-submit">
          {save.isPending ? 'Saving…' : address ? 'Update Address' : 'Save Address'}
        </button>
      </div>
    </form>
  );
}
