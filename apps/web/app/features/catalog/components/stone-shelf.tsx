import { useId } from 'react';
import type { Item } from '@gemstore/contracts';
import { ItemCard } from './item-card.tsx';

/** A titled row of stone cards under a stone's page (similar stones, recently viewed); nothing when empty. */
export function StoneShelf({ title, items, testId }: { title: string; items: Item[] | undefined; testId: string }) {
  const id = useId();
  if (!items?.length) return null;
  return (
    <section className="stone-shelf" aria-labelledby={id} data-testid={testId}>
      <h2 className="stone-shelf__title" id={id}>{title}</h2>
      <ul className="item-grid">
        {items.map((item) => <ItemCard key={item.id} item={item} heading="h3" />)}
      </ul>
    </section>
  );
}
