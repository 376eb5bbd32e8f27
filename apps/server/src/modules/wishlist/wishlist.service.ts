import type { OkResponse, WishlistResponse, WishlistSaveResponse } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type CustomerContext, executor } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import * as repo from './wishlist.repo.ts';

/** The signed-in customer's wishlist of this store's stones. */
export function createWishlistService({ db, catalog }: { db: Database; catalog: CatalogService }) {
  return {
    /** Newest first; a stone sold, reserved or withdrawn since stays with its status, one removed from the catalogue is left out. */
    async list(ctx: CustomerContext): Promise<WishlistResponse> {
      const ids = await repo.listWishlistItemIds(executor(db, ctx), ctx.store.id, ctx.actor.customerId);
      const byId = new Map((await catalog.stonesByIds(ctx, ids)).map((i) => [i.id, i]));
      return { items: ids.flatMap((id) => byId.get(id) ?? []) };
    },

    /** Any stone of the store may be kept, whatever its status (a sold one is still worth a look at its like). */
    async save(ctx: CustomerContext, itemId: number): Promise<WishlistSaveResponse> {
      const [item] = await catalog.stonesByIds(ctx, [itemId]);
      if (!item) throw new NotFoundError('This stone does not exist.');
      await repo.addWishlistItem(executor(db, ctx), ctx.store.id, ctx.actor.customerId, itemId);
      return { item, message: 'The stone is on your wishlist.' };
    },

    async remove(ctx: CustomerContext, itemId: number): Promise<OkResponse> {
      await repo.deleteWishlistItem(executor(db, ctx), ctx.store.id, ctx.actor.customerId, itemId);
      return { success: true, message: 'The stone was taken off your wishlist.' };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;
