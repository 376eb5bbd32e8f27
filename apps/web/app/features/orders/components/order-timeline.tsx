import type { OrderTimelineEntry } from '@gemstore/contracts';
import { formatOrderTime } from '../format.ts';

/** The order's steps as they happened: placed, paid, dispatched, delivered, each return step and refund. */
export function OrderTimeline({ entries }: { entries: OrderTimelineEntry[] }) {
  return (
    <ol className="order-timeline" data-testid="order-timeline">
      {entries.map((entry, i) => (
        <li key={`${entry.kind}-${entry.at}-${i}`} className="order-timeline__step">
          <span className="order-timeline__label">{entry.label}</span>
          <time className="order-timeline__when" dateTime={entry.at}>{formatOrderTime(entry.at)}</time>
          {entry.detail && <span className="order-timeline__detail">{entry.detail}</span>}
        </li>
      ))}
    </ol>
  );
}
