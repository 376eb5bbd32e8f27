import type { CartAllResponse, CartMergeResponse, CartSaveResponse, Item, ItemsByIdsResponse, OkResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type CustomerContext, executor, type RequestContext, type Scope } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { type CatalogService, stoneUnavailable } from '../catalog/catalog.service.ts';
import * as repo from './cart.repo.ts';

/** Rupees over the stones that can still be bought, summed in paise to avoid float drift. */
function availableTotal(items: Item[]): number {
  const paise = items.filter((i) => i.status === 'available').reduce((sum, i) => sum + Math.round(i.amounts.mrpAmount * 100), 0);
  return paise / 100;
}

/** The signed-in customer's cart, and the checkout's review of stones by id. */
export function createCartService({ db, catalog }: { db: Database; catalog: CatalogService }) {
  async function list(ctx: CustomerContext): Promise<CartAllResponse> {
    const lines = await repo.listCartLines(executor(db, ctx), ctx.store.id, ctx.actor.customerId);
    const stones = await catalog.stonesByIds(ctx, lines.map((l) => l.itemId));
    const byId = new Map(stones.map((i) => [i.id, i]));
    // A line whose stone was removed from the catalogue is left out.
    const cart = lines.flatMap((l) => {
      const item = byId.get(l.itemId);
      return item ? [{ id: l.id, item }] : [];
    });
    const items = cart.map((c) => c.item);
    return { cart, totalAmount: availableTotal(items), availableCount: items.filter((i) => i.status === 'available').length };
  }

  return {
    list,

    /** Adds an available stone; adding one already in the cart answers the same line. */
    async save(ctx: CustomerContext, itemId: number): Promise<CartSaveResponse> {
      const [item] = await catalog.stonesByIds(ctx, [itemId]);
      if (!item) throw new NotFoundError('This stone does not exist.');
      const existing = (await repo.listCartLines(executor(db, ctx), ctx.store.id, ctx.actor.customerId)).find((l) => l.itemId === itemId);
      if (existing) return { cart: { id: existing.id, item }, message: 'The stone is already in your cart.' };
      if (item.status !== 'available') throw stoneUnavailable(item);
      const line = await repo.upsertCartLine(executor(db, ctx), ctx.store.id, ctx.actor.customerId, itemId);
      return { cart: { id: line.id, item }, message: 'The stone was added to your cart.' };
    },

    /**
     * A guest's cart joins the account (at sign-in or registration): the shop's stones among `itemIds`
     * (newest first, as the browser keeps them) are added in one statement, skipping those already in
     * the cart. Sold, reserved and withdrawn stones are added too, so the cart shows them as such
     * rather than losing them; ids of no stone of this shop are ignored.
     */
    async merge(ctx: CustomerContext, itemIds: number[]): Promise<CartMergeResponse> {
      const known = new Set((await catalog.stonesByIds(ctx, itemIds)).map((i) => i.id));
      // Oldest first, so the newest stone gets the newest line and the cart keeps the browser's order.
      const ids = itemIds.filter((id) => known.has(id)).reverse();
      const added = (await repo.addCartLines(executor(db, ctx), ctx.store.id, ctx.actor.customerId, ids)).length;
      const message = added === 0 ? 'Your cart already held the stones you chose before signing in.'
        : added === 1 ? 'The stone you chose before signing in was added to your cart.'
          : `The ${added} stones you chose before signing in were added to your cart.`;
      return { ...(await list(ctx)), added, message };
    },

    async remove(ctx: CustomerContext, cartId: number): Promise<OkResponse> {
      if (!(await repo.deleteCartLine(executor(db, ctx), ctx.store.id, ctx.actor.customerId, cartId))) throw new NotFoundError('This cart entry does not exist.');
      return { success: true, message: 'The stone was removed from your cart.' };
    },

    /** The checkout's stones in the order asked; unknown ids are left out. */
    async itemsByIds(ctx: RequestContext, itemIds: number[]): Promise<ItemsByIdsResponse> {
      const stones = await catalog.stonesByIds(ctx, itemIds);
      const byId = new Map(stones.map((i) => [i.id, i]));
      const items = itemIds.flatMap((id) => byId.get(id) ?? []);
      return { items, totalAmount: availableTotal(items) };
    },

    /** Takes these stones out of the customer's cart (they were bought). */
    async removeStones(scope: Scope, storeId: number, customerId: number, itemIds: number[]): Promise<void> {
      await repo.deleteCartLinesOfItems(executor(db, scope), storeId, customerId, itemIds);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
