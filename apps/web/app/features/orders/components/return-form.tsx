import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { Order, ReturnCreateResponse, ReturnReason } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { ApiError } from '@gemstore/contracts/client';
import { MAX_RETURN_IMAGES, RETURN_REASONS } from '@gemstore/contracts/constants';
import { mediaUrl } from '../../../lib/media.ts';
import { useCreateReturn } from '../api/create-return.ts';
import { orderLineTitle } from '../format.ts';

const REASONS = Object.entries(RETURN_REASONS) as [ReturnReason, string][];

/**
 * The return request form: tick this order's stones, a reason, a comment and
 * several photos (previewed at 200 px). The server checks everything; its field errors show here.
 */
export function ReturnForm({ order, onCreated }: { order: Order; onCreated: (res: ReturnCreateResponse) => void }) {
  const create = useCreateReturn();
  const [detailIds, setDetailIds] = useState<number[]>([]);
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const previews = useMemo(() => images.map((f) => URL.createObjectURL(f)), [images]);
  useEffect(() => () => previews.forEach((u) => URL.revokeObjectURL(u)), [previews]);

  const clear = () => { setErrors({}); setFormError(null); };
  const toggle = (id: number, on: boolean) => {
    clear();
    setDetailIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    clear();
    create.mutate({ orderId: order.id, reason, comment, detailIds, images }, {
      onSuccess: onCreated,
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.errors).length) {
          setErrors(error.errors);
          const known = new Set(['detailIds', 'reason', 'comment', 'images']);
          const other = Object.entries(error.errors).filter(([k]) => !known.has(k)).flatMap(([, m]) => m);
          if (other.length) setFormError(other.join(' '));
        } else {
          setFormError(error.message);
        }
      },
    });
  };
  const err = (name: string) => errors[name]?.join(' ');

  return (
    <form className="return-form" onSubmit={onSubmit} noValidate data-testid="return-form">
      <fieldset className="return-form__group" aria-describedby={err('detailIds') ? 'return-items-error' : undefined}>
        <legend className="checkout-section__title">Stones to return</legend>
        <ul className="return-form__items">
          {order.details.map((line) => (
            <li key={line.id}>
              <label className={`choice choice--check${line.returned ? ' is-disabled' : ''}`} data-testid="return-item">
                <input type="checkbox" value={line.id} disabled={line.returned} checked={detailIds.includes(line.id)}
                  onChange={(e) => toggle(line.id, e.target.checked)} />
                <SafeImage src={mediaUrl(line.item.image)} alt="" width={56} height={56} className="mini-item__thumb" />
                <span className="choice__body">
                  <span className="choice__title">{orderLineTitle(line.item)}</span>
                  <span className="muted">SKU {line.item.sku}{line.returned ? ' · return already requested' : ''}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {err('detailIds') && <p className="field__error" id="return-items-error">{err('detailIds')}</p>}
      </fieldset>

      <div className="field">
        <label htmlFor="return-reason">Reason</label>
        <select id="return-reason" value={reason} onChange={(e) => { clear(); setReason(e.target.value as ReturnReason | ''); }}
          aria-invalid={err('reason') ? true : undefined} aria-describedby={err('reason') ? 'return-reason-error' : undefined} data-testid="return-reason-select">
          <option value="">Choose a reason</option>
          {REASONS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
        {err('reason') && <p className="field__error" id="return-reason-error">{err('reason')}</p>}
      </div>

      <div className="field">
        <label htmlFor="return-comment">Comment</label>
        <textarea id="return-comment" rows={4} maxLength={2000} value={comment} onChange={(e) => { clear(); setComment(e.target.value); }}
          aria-invalid={err('comment') ? true : undefined} aria-describedby={err('comment') ? 'return-comment-error' : undefined} />
        {err('comment') && <p className="field__error" id="return-comment-error">{err('comment')}</p>}
      </div>

      <div className="field">
        <label htmlFor="return-images">Photos</label>
        <input id="return-images" type="file" accept="image/jpeg,image/png,image/webp" multiple data-testid="return-images"
          aria-invalid={err('images') ? true : undefined} aria-describedby={`return-images-hint${err('images') ? ' return-images-error' : ''}`}
          onChange={(e) => { clear(); setImages(Array.from(e.target.files ?? [])); }} />
        <p className="field__hint" id="return-images-hint">Up to {MAX_RETURN_IMAGES} JPEG, PNG or WebP pictures of the stone and its certificate.</p>
        {err('images') && <p className="field__error" id="return-images-error">{err('images')}</p>}
      </div>
      {previews.length > 0 && (
        <ul className="return-card__images" aria-label="Chosen photos" data-testid="return-previews">
          {previews.map((url, i) => <li key={url}><img src={url} alt={`Photo ${i + 1}: ${images[i]?.name ?? ''}`} width={200} className="return-photo" /></li>)}
        </ul>
      )}

      {formError && <p className="form-error" role="alert">{formError}</p>}
      <button type="submit" className="button button--primary" disabled={create.isPending} data-testid="return-submit">
        {create.isPending ? 'Sending…' : 'Place Return Request'}
      </button>
    </form>
  );
}
