import type { ReturnRequest } from '@gemstore/contracts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import { useShopDates } from '../../../lib/store-context.tsx';
import { orderLineTitle } from '../format.ts';
import { TrackingForm } from './tracking-form.tsx';
import { TrackingNumber } from './tracking-number.tsx';

/** One return request: status, reason, comment, photos (200 px), its stones, and the courier details. */
export function ReturnRequestCard({ request }: { request: ReturnRequest }) {
  const dates = useShopDates();
  return (
    <article className="return-card" data-testid="return-request" data-return-id={request.id}>
      <header className="return-card__head">
        <h3>Return #{request.id}</h3>
        <span className={`badge badge--status badge--${request.status}`} data-testid="return-status">{request.status_label}</span>
      </header>
      <dl className="facts">
        <div><dt>Requested on</dt><dd>{dates.date(request.placed_on)}</dd></div>
        <div><dt>Stones</dt><dd>{request.total_qty}</dd></div>
        <div><dt>Reason</dt><dd data-testid="return-reason">{request.reason_label}</dd></div>
        {request.status === 'picked_up' && request.courier_partner && (
          <>
            <div><dt>Courier</dt><dd data-testid="return-courier">{request.courier_partner}</dd></div>
            <div><dt>Tracking number</dt><dd><TrackingNumber number={request.tracking_number} url={request.tracking_url} testId="return-tracking" /></dd></div>
          </>
        )}
      </dl>
      {request.comment && <p className="return-card__comment" data-testid="return-comment">{request.comment}</p>}
      <ul className="return-card__stones">
        {request.details.map((d) => <li key={d.id}>{orderLineTitle(d.item)} <span className="muted">({d.item.sku})</span></li>)}
      </ul>
      {request.images.length > 0 && (
        <ul className="return-card__images" aria-label="Photos">
          {request.images.map((img, i) => (
            <li key={img.id}>
              <a href={mediaUrl(img.path)} target="_blank" rel="noreferrer">
                <SafeImage src={mediaUrl(img.path)} alt={`Return photo ${i + 1}`} width={200} className="return-photo" data-testid="return-image" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {request.status === 'approved' && request.courier_partner && (
        <p className="return-card__sent" data-testid="return-sent">Sent with {request.courier_partner}, tracking number <TrackingNumber number={request.tracking_number} url={request.tracking_url} />. We will confirm the pick-up.</p>
      )}
      {request.status === 'approved' && !request.courier_partner && <TrackingForm returnId={request.id} />}
    </article>
  );
}
