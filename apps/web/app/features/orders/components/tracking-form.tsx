import { useState, type FormEvent } from 'react';
import { formErrors } from '../../../lib/form-errors.ts';
import { useCouriers } from '../api/get-couriers.ts';
import { useSubmitReturnTracking } from '../api/submit-return-tracking.ts';

/** An approved return's courier partner and tracking number; the order reloads after. */
export function TrackingForm({ returnId }: { returnId: number }) {
  const submit = useSubmitReturnTracking();
  const couriers = useCouriers();
  const list = couriers.data?.couriers ?? [];
  // The shop's first courier (FedEx or Delhivery when it keeps them) until the customer picks another.
  const [picked, setCourier] = useState('');
  const courier = picked || String(list[0]?.id ?? '');
  const [tracking, setTracking] = useState('');
  // Messages for fields this form has no input for (say, the return) become the form's message.
  const errors = formErrors(submit.error, ['courierId', 'trackingNumber']);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    submit.mutate({ returnId, courierId: Number(courier), trackingNumber: tracking });
  };
  const id = (name: string) => `return-${returnId}-${name}`;
  const err = (name: string) => errors.fields[name];

  return (
    <form className="tracking-form" onSubmit={onSubmit} noValidate data-testid="tracking-form">
      <p className="tracking-form__intro">Your return is approved. Send the stone back and tell us how it travels.</p>
      <div className="tracking-form__fields">
        <div className="field">
          <label htmlFor={id('courier')}>Courier partner</label>
          <select id={id('courier')} value={courier} required onChange={(e) => { setCourier(e.target.value); submit.reset(); }}
            aria-invalid={err('courierId') ? true : undefined} aria-describedby={err('courierId') ? id('courier-error') : undefined}>
            {list.length === 0 && <option value="">Choose a courier</option>}
            {list.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
          {err('courierId') && <p className="field__error" id={id('courier-error')}>{err('courierId')}</p>}
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
