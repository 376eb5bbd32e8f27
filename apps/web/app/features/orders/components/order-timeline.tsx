import type { OrderTimelineEntry } from '@gemstore/contracts';
import { useShopDates } from '../../../lib/store-context.tsx';

/** The order's steps as they happened: placed, paid, dispatched, delivered, each return step and refund. */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  const dates = useShopDates();
  return (
    <ol className="order-timeline" data-testid="order-timeline">
      {entries.map((entry, i) => (
        <li key={`${entry.kind}-${entry.at}-${i}`} className="order-timeline__step">
          <span className="order-timeline__label">{entry.label}</span>
          <time className="order-timeline__when" dateTime={entry.at}>{dates.dateTime(entry.at)}</time>
          {entry.detail && <span className="order-timeline__detail">{entry.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
