import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Item } from '@gemstore/contracts';
import { itemPath, itemTitle, rattiText, STONE_STATUS_WORDS } from '../../lib/item-format.ts';
import { mediaUrl } from '../../lib/media.ts';
import { usePriceFormatter, useStoreProfile } from '../../lib/store-context.tsx';
import { SafeImage } from './safe-image.tsx';

/** A stone line's thumbnail cell (at most 100 px wide); `to` also makes it a link, hidden from assistive technology. */
export function StoneThumbCell({ image, to }: { image: Item['image']; to?: string }) {
  const img = <SafeImage src={mediaUrl(image)} alt="" width={100} height={100} className="thumb" />;
  return (
    <td className="lines-table__thumb">
      {to ? <Link to={to} tabIndex={-1} aria-hidden="true">{img}</Link> : img}
    </td>
  );
}

/** A stone line's product cell: its name linked to its page, then a badge if any. */
export function StoneProductCell({ to, title, badge }: { to: string; title: string; badge?: ReactNode }) {
  return (
    <td data-label="Product" className="lines-table__product">
      <Link to={to}>{title}</Link>
      {badge}
    </td>
  );
}

/** The head of a table of stones: image, SKU, product, ratti, amount, and an optional action column. */
export function StoneLinesHead({ action }: { action?: string }) {
  return (
    <thead>
      <tr>
        <th scope="col"><span className="visually-hidden">Image</span></th>
        <th scope="col">SKU</th>
        <th scope="col">Product</th>
        <th scope="col">Ratti</th>
        <th scope="col" className="num">Amount</th>
        {action && <th scope="col"><span className="visually-hidden">{action}</span></th>}
      </tr>
    </thead>
  );
}

/**
 * The cells matching StoneLinesHead's first five columns for one stone; a stone no longer
 * available gets a badge saying why (Sold, Reserved, No longer for sale). `testIdPrefix` names the cells for tests (`{prefix}-sku`…).
 */
export function StoneLineCells({ item, linkThumb = false, testIdPrefix }: { item: Item; linkThumb?: boolean; testIdPrefix?: string }) {
  const price = usePriceFormatter();
  const { ratti_mg } = useStoreProfile();
  const testId = (name: string) => (testIdPrefix ? `${testIdPrefix}-${name}` : undefined);
  return (
    <>
      <StoneThumbCell image={item.image} to={linkThumb ? itemPath(item) : undefined} />
      <td data-label="SKU" className="lines-table__sku" data-testid={testId('sku')}>{item.sku}</td>
      <StoneProductCell
        to={itemPath(item)}
        title={itemTitle(item)}
        badge={item.status !== 'available' && (
          <span className="badge badge--muted" data-testid={testId('unavailable')} data-status={item.status}>{STONE_STATUS_WORDS[item.status]}</span>
        )}
      />
      <td data-label="Ratti" data-testid={testId('ratti')}>{rattiText(item, ratti_mg)}</td>
      <td data-label="Amount" className="num" data-testid={testId('amount')}><span className="figure">{price(item.amounts.mrpAmount)}</span></td>
    </>
  );
}
