import type { ReactNode } from 'react';
import type { CountryCode } from '@gemstore/contracts';
import { SelectField } from './field.tsx';

interface CountryCodeSelectProps {
  name: string;
  label?: ReactNode;
  codes: CountryCode[] | undefined;
  defaultValue: number;
  error?: string;
}

/** Phone country code: "+91 India". Until the list arrives the chosen code stays selectable on its own. */
export function CountryCodeSelect({ name, label = 'Country code', codes, defaultValue, error }: CountryCodeSelectProps) {
  return (
    <SelectField name={name} label={label} error={error} defaultValue={String(defaultValue)} autoComplete="tel-country-code" key={codes ? 'loaded' : 'loading'}>
      {codes
        ? codes.map((c) => <option key={c.id} value={c.id}>{`+${c.phonecode.replace(/^\+/, '')} ${c.name}`}</option>)
        : <option value={defaultValue}>Loading…</option>}
    </SelectField>
  );
}
