import {
  type AdminCourier, type AdminCourierBody, type AdminCourierOrderBody, type AdminCouriersResponse, type CouriersResponse,
  returnCourierOrder, trackingLink,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { executor, type RequestContext, within } from '../../lib/context.ts';
import { uniqueViolation } from '../../lib/db.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type AuditService, changedFields } from '../audit/audit.service.ts';
import * as repo from './couriers.repo.ts';

export type { CourierRow } from './couriers.repo.ts';

const toAdmin = (c: repo.CourierRow): AdminCourier => ({ id: c.id, name: c.name, tracking_url: c.trackingUrl, active: c.active });
const auditView = (c: Pick<AdminCourier, 'name' | 'tracking_url' | 'active'>) => ({ name: c.name, tracking_url: c.tracking_url, active: c.active });

/** A parcel's courier and tracking number as stored on a dispatch or a return. */
export interface Parcel { courierId: number | null; trackingNumber: string | null }

/**
 * The shop's couriers: the list staff with the settings capability keep (each change audited), the
 * choices the dispatch, pick-up and return forms offer (those on), and the tracking links of parcels.
 */
export function createCouriersService({ db, audit }: { db: Database; audit: AuditService }) {
  const q = (ctx: RequestContext) => executor(db, ctx);
  const answer = async (ctx: RequestContext): Promise<AdminCouriersResponse> => ({ couriers: (await repo.listCouriers(q(ctx), ctx.store.id)).map(toAdmin) });
  const nameTaken = (err: unknown) => uniqueViolation(err) === 'couriers_store_name'
    ? ValidationError.field('name', 'The shop has a courier of this name already.') : err;

  return {
    /** Every courier of the shop (settings). */
    all: answer,
    /** The couriers that are on, in the shop's order (dispatch and pick-up forms). */
    active: async (ctx: RequestContext): Promise<AdminCouriersResponse> => ({ couriers: (await repo.listCouriers(q(ctx), ctx.store.id, true)).map(toAdmin) }),
    /** The couriers a customer may send a return with: those on, the defaults first. */
    async forReturns(ctx: RequestContext): Promise<CouriersResponse> {
      const rows = returnCourierOrder(await repo.listCouriers(q(ctx), ctx.store.id, true));
      return { couriers: rows.map((c) => ({ id: c.id, name: c.name })) };
    },

    async create(ctx: RequestContext, body: AdminCourierBody): Promise<AdminCouriersResponse> {
      try {
        await db.transaction(async (tx) => {
          const t = within(ctx, tx);
          const row = await repo.insertCourier(tx, ctx.store.id, { name: body.name, trackingUrl: body.tracking_url, active: body.active });
          await audit.record(t, { action: 'courier.create', objectType: 'courier', objectId: row.id, changes: changedFields(null, auditView(body)) });
        });
      } catch (err) { throw nameTaken(err); }
      return answer(ctx);
    },

    async update(ctx: RequestContext, id: number, body: AdminCourierBody): Promise<AdminCouriersResponse> {
      try {
        await db.transaction(async (tx) => {
          const t = within(ctx, tx);
          const before = await repo.findCourier(tx, ctx.store.id, id);
          if (!before) throw new NotFoundError('This courier does not exist.');
          await repo.updateCourier(tx, ctx.store.id, id, { name: body.name, trackingUrl: body.tracking_url, active: body.active });
          const changes = changedFields<Record<string, unknown>>(auditView(toAdmin(before)), auditView(body));
          if (Object.keys(changes).length) await audit.record(t, { action: 'courier.update', objectType: 'courier', objectId: id, changes });
        });
      } catch (err) { throw nameTaken(err); }
      return answer(ctx);
    },

    /** A new order of the whole list: each of the shop's couriers named once. */
    async reorder(ctx: RequestContext, body: AdminCourierOrderBody): Promise<AdminCouriersResponse> {
      await db.transaction(async (tx) => {
        const t = within(ctx, tx);
        const known = (await repo.listCouriers(tx, ctx.store.id)).map((c) => c.id);
        const given = new Set(body.ids);
        if (given.size !== body.ids.length || given.size !== known.length || known.some((id) => !given.has(id))) {
          throw ValidationError.field('ids', "Name each of the shop's couriers once, in their new order.");
        }
        await repo.setPositions(tx, ctx.store.id, body.ids);
        await audit.record(t, { action: 'courier.reorder', objectType: 'store', objectId: ctx.store.id, changes: { order: { old: known, new: body.ids } } });
      });
      return answer(ctx);
    },

    /**
     * The shop's courier a dispatch or return names; a 422 on `field` when it is unknown, another
     * shop's, or turned off.
     */
    async chosen(ctx: RequestContext, id: number, field: string): Promise<repo.CourierRow> {
      const row = await repo.findCourier(q(ctx), ctx.store.id, id);
      if (!row || !row.active) throw ValidationError.field(field, "Choose one of the shop's couriers.");
      return row;
    },

    /** Each parcel's tracking link (null for a courier typed as free text, or no tracking number yet), in the parcels' order. */
    async links(ctx: RequestContext, parcels: Parcel[]): Promise<(string | null)[]> {
      const ids = [...new Set(parcels.flatMap((p) => (p.courierId === null ? [] : [p.courierId])))];
      const byId = new Map((await repo.couriersByIds(q(ctx), ctx.store.id, ids)).map((c) => [c.id, c]));
      return parcels.map((p) => {
        const courier = p.courierId === null ? undefined : byId.get(p.courierId);
        return courier && p.trackingNumber ? trackingLink(courier.trackingUrl, p.trackingNumber) : null;
      });
    },
  };
}

export type CouriersService = ReturnType<typeof createCouriersService>;
