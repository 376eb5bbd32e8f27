import type { CartAllResponse, CartSaveResponse, Item, ItemsByIdsResponse, OkResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { CustomerContext } from '../../lib/customer-context.ts';
import type { RequestContext } from '../../lib/context.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { findStonesByIds } from '../catalog/catalog.service.ts';
import * as repo from './cart.repo.ts';

/** Rupees over the stones that can still be bought, summed in paise to avoid float drift. */
function availableTotal(items: Item[]): number {
  const paise = items.filter((i) => i.status === 'available').reduce((sum, i) => sum + Math.round(i.amounts.mrpAmount * 100), 0);
  return paise / 100;
}

export async function listCart(db: Database, ctx: CustomerContext): Promise<CartAllResponse> {
  const lines = await repo.listCartLines(db, ctx.store.id, ctx.customerId);
  const stones = await findStonesByIds(db, ctx.store.id, lines.map((l) => l.itemId));
  const byId = new Map(stones.map((i) => [i.id, i]));
  // A line whose stone was removed from the catalogue is left out.
  const cart = lines.flatMap((l) => {
    const item = byId.get(l.itemId);
    return item ? [{ id: l.id, item }] : [];
  });
  const items = cart.map((c) => c.item);
  return { cart, totalAmount: availableTotal(items), availableCount: items.filter((i) => i.status === 'available').length };
}

/** Adds an available stone; adding one already in the cart answers the same line. */
export async function saveToCart(db: Database, ctx: CustomerContext, itemId: number): Promise<CartSaveResponse> {
  const [item] = await findStonesByIds(db, ctx.store.id, [itemId]);
  if (!item) throw new NotFoundError('This stone does not exist.');
  const existing = (await repo.listCartLines(db, ctx.store.id, ctx.customerId)).find((l) => l.itemId === itemId);
  if (existing) return { cart: { id: existing.id, item }, message: 'The stone is already in your cart.' };
  if (item.status !== 'available') {
    throw new ConflictError(
      item.status === 'sold' ? `The stone "${item.name}" has been sold.` : `The stone "${item.name}" is reserved in another order.`,
      'stone_unavailable',
    );
  }
  const line = await repo.upsertCartLine(db, ctx.store.id, ctx.customerId, itemId);
  return { cart: { id: line.id, item }, message: 'The stone was added to your cart.' };
}

export async function deleteFromCart(db: Database, ctx: CustomerContext, cartId: number): Promise<OkResponse> {
  if (!(await repo.deleteCartLine(db, ctx.store.id, ctx.customerId, cartId))) throw new NotFoundError('This cart entry does not exist.');
  return { success: true, message: 'The stone was removed from your cart.' };
}

/** The checkout's stones in the order asked; unknown ids are left out. */
export async function itemsByIds(db: Database, ctx: RequestContext, itemIds: number[]): Promise<ItemsByIdsResponse> {
  const stones = await findStonesByIds(db, ctx.store.id, itemIds);
  const byId = new Map(stones.map((i) => [i.id, i]));
  const items = itemIds.flatMap((id) => byId.get(id) ?? []);
  return { items, totalAmount: availableTotal(items) };
}
