import { useState, type FormEvent } from 'react';
import { COURIER_PARTNERS } from '@gemstore/contracts/constants';
import { formErrors } from '../../../lib/form-errors.ts';
import { useSubmitReturnTracking } from '../api/submit-return-tracking.ts';

type Courier = (typeof COURIER_PARTNERS)[number];

/** An approved return's courier partner and tracking number; the order reloads after. */
export function TrackingForm({ returnId }: { returnId: number }) {
  const submit = useSubmitReturnTracking();
  const [courier, setCourier] = useState<Courier | ''>('');
  const [tracking, setTracking] = useState('');
  // Messages for fields this form has no input for (say, the return) become the form's message.
  const errors = formErrors(submit.error, ['courierPartner', 'trackingNumber']);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submit.mutate({ returnId, courierPartner: courier as Courier, trackingNumber: tracking });
  };
  const id = (name: string) => `return-${returnId}-${name}`;
  const err = (name: string) => errors.fields[name];

  return (
    <form className="tracking-form" onSubmit={onSubmit} noValidate data-testid="tracking-form">
      <p className="tracking-form__intro">Your return is approved. Send the stone back and tell us how it travels.</p>
      <div className="tracking-form__fields">
        <div className="field">
          <label htmlFor={id('courier')}>Courier partner</label>
          <select id={id('courier')} value={courier} required onChange={(e) => { setCourier(e.target.value as Courier | ''); submit.reset(); }}
            aria-invalid={err('courierPartner') ? true : undefined} aria-describedby={err('courierPartner') ? id('courier-error') : undefined}>
            <option value="">Choose a courier</option>
            {COURIER_PARTNERS.map((c) => <option key={c} value={c}>{c}</option>)}
          </select>
          {err('courierPartner') && <p className="field__error" id={id('courier-error')}>{err('courierPartner')}</p>}
        </div>
        <div className="field">
          <label htmlFor={id('tracking')}>Tracking number</label>
          <input id={id('tracking')} value={tracking} required maxLength={40} autoComplete="off" onChange={(e) => { setTracking(e.target.value); submit.reset(); }}
            aria-invalid={err('trackingNumber') ? true : undefined} aria-describedby={err('trackingNumber') ? id('tracking-error') : undefined} />
          {err('trackingNumber') && <p className="field__error" id={id('tracking-error')}>{err('trackingNumber')}</p>}
        </div>
      </div>
      {errors.general && <p className="form-error" role="alert">{errors.general}</p>}
      <button type="submit" className="button button--primary" disabled={submit.isPending} data-testid="tracking-submit">
        {submit.isPending ? 'Sending…' : 'Submit tracking details'}
      </button>
    </form>
  );
}
