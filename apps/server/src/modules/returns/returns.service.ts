import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type Item, MAX_RETURN_IMAGES, RETURN_REASONS, RETURN_STATUS_LABELS, type ReturnCreateFields,
  type ReturnReason, type ReturnRequest, type ReturnTrackingBody,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { PrivateMediaConfig } from '../../config.ts';
import { type CustomerContext, executor, type RequestContext, type ShopScope } from '../../lib/context.ts';
import { type Executor, uniqueViolation } from '../../lib/db.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { EXTENSIONS, reencodeImage, sniffImage } from '../../lib/images.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { checkReturnPhotoLink, PHOTO_TYPES, photoFileName, returnPhotoKey, signReturnPhotoUrl } from './photos.ts';
import type { CouriersService } from '../couriers/couriers.service.ts';
import * as repo from './returns.repo.ts';
import { returnQueues } from './returns.dashboard.repo.ts';


export type { ReturnFilter, ReturnRow, ReturnStatusValue } from './returns.repo.ts';
export type LineDetail = { id: number; item: Item & { iname: string } };
export type ReturnWithOrder = ReturnRequest & { orderId: number };

function toReturn(
  photos: PrivateMediaConfig, r: repo.ReturnRow, lineIds: number[], images: { id: number }[], lineDetails: Map<number, LineDetail>, trackingUrl: string | null,
): ReturnWithOrder {
  const details = lineIds.flatMap((id) => lineDetails.get(id) ?? []);
  return {
    id: r.id,
    orderId: r.orderId,
    placed_on: r.placedOn.toISOString(),
    total_qty: lineIds.length,
    status: r.status,
    status_label: RETURN_STATUS_LABELS[r.status],
    reason: r.reason as ReturnReason,
    reason_label: RETURN_REASONS[r.reason as ReturnReason] ?? r.reason,
    comment: r.comment,
    // The API's `path` is the photo's address: a signed link, since the files are not public.
    images: images.map((i) => ({ id: i.id, path: signReturnPhotoUrl(photos, r.storeId, i.id) })),
    courier_partner: r.courierPartner,
    tracking_number: r.trackingNumber,
    tracking_url: trackingUrl,
    rejection_reason: r.status === 'rejected' ? r.rejectionReason : null,
    details,
  };
}

/** Returns of these orders with their lines and pictures (the order answer embeds them). */
async function listReturnsOfOrders(
  db: Executor, ctx: RequestContext, photos: PrivateMediaConfig, couriers: CouriersService, orderIds: number[], lineDetails: Map<number, LineDetail>,
): Promise<ReturnWithOrder[]> {
  const rows = await repo.listReturnsOfOrders(db, ctx.store.id, orderIds);
  const ids = rows.map((r) => r.id);
  const [lines, images, links] = await Promise.all([repo.listReturnLines(db, ctx.store.id, ids), repo.listReturnImages(db, ctx.store.id, ids), couriers.links(ctx, rows)]);
  return rows.map((r, i) => toReturn(
    photos, r, lines.filter((l) => l.returnId === r.id).map((l) => l.orderLineId), images.filter((i) => i.returnId === r.id), lineDetails, links[i]!,
  ));
}

export interface UploadedImage {
  /** 1-based position in the form, for messages. */
  position: number;
  data: Buffer;
}


/** Courier and tracking number of an approved return (only while Approved). */
async function submitTracking(db: Executor, couriers: CouriersService, ctx: CustomerContext, input: ReturnTrackingBody): Promise<repo.ReturnRow> {
  const found = await repo.findReturn(db, ctx.store.id, input.returnId, ctx.actor.customerId);
  if (!found) throw new NotFoundError('This return request does not exist.');
  const notApproved = () => new ConflictError(
    `Tracking details can be sent only while the return is Approved; it is ${RETURN_STATUS_LABELS[found.status]}.`, 'return_not_approved',
  );
  if (found.status !== 'approved') throw notApproved();
  const courier = await couriers.chosen(ctx, input.courierId, 'courierId');
  const row = await repo.updateReturn(db, ctx.store.id, found.id, 'approved', { courierId: courier.id, courierPartner: courier.name, trackingNumber: input.trackingNumber });
  if (!row) throw notApproved();
  return row;
}

/**
 * A return of lines of an order (the flow checked they are the customer's, of a dispatched order),
 * each line at most once. Pictures are checked by their bytes and re-encoded before anything is
 * stored; files are written (to the store's private folder, never under /media) first and removed
 * again if the rows cannot be written, so a failure leaves no rows and no files. A store that cannot
 * be reached is 503 `media_unavailable` before any row is written.
 */
async function createReturn(
  db: Executor, store: MediaStore, ctx: CustomerContext,
  input: ReturnCreateFields, images: UploadedImage[], now: Date,
): Promise<repo.ReturnRow> {
  if (images.length > MAX_RETURN_IMAGES) throw ValidationError.field('images', `Attach at most ${MAX_RETURN_IMAGES} images.`);
  if ((await repo.findReturnedLines(db, ctx.store.id, input.detailIds)).length) throw ValidationError.field('detailIds', 'A chosen stone is already part of a return request.');

  const encoded: { data: Buffer; ext: string }[] = [];
  for (const image of images) {
    const kind = sniffImage(image.data);
    if (!kind) throw ValidationError.field('images', `Image ${image.position} is not a JPEG, PNG or WebP picture.`);
    try {
      encoded.push({ data: await reencodeImage(image.data, kind), ext: EXTENSIONS[kind] });
    } catch {
      throw ValidationError.field('images', `Image ${image.position} could not be read as a picture.`);
    }
  }

  const written: string[] = [];
  try {
    // 128 random bits a name: no two photos ever meet under one.
    const names = encoded.map((e) => `${randomBytes(16).toString('hex')}.${e.ext}`);
    // Every write is waited for, so a failure of one leaves no other half-way to be missed below.
    const puts = await Promise.allSettled(encoded.map((e, i) => store.put(returnPhotoKey(names[i]!), e.data, { cacheControl: 'private, no-store' })));
    puts.forEach((p, i) => { if (p.status === 'fulfilled') written.push(returnPhotoKey(names[i]!)); });
    const failed = puts.find((p): p is PromiseRejectedResult => p.status === 'rejected');
    if (failed) throw failed.reason;
    return await db.transaction((tx) => repo.insertReturn(tx, {
      storeId: ctx.store.id, orderId: input.orderId, customerId: ctx.actor.customerId, reason: input.reason, comment: input.comment, placedOn: now,
    }, input.detailIds, names));
  } catch (err) {
    await Promise.all(written.map((key) => store.delete(key).catch(() => {})));
    if (uniqueViolation(err) !== undefined) throw ValidationError.field('detailIds', 'A chosen stone is already part of a return request.');
    throw err;
  }
}

export interface ReturnPhotoFile {
  body: Readable;
  size: number;
  contentType: string;
  /** How long the link that asked for it still works. */
  secondsLeft: number;
}

/**
 * The photo behind a signed link, on the store that owns it. A link that is forged, altered, for
 * another photo or signed for another store is 404 (as is a photo of another store); a genuine
 * link past its expiry is 403 `photo_link_expired` (reloading the order gives a fresh one).
 */
async function openReturnPhoto(
  db: Executor, store: MediaStore, ctx: RequestContext, photos: PrivateMediaConfig, imageId: number, link: { expires?: string; signature?: string },
): Promise<ReturnPhotoFile> {
  const missing = () => new NotFoundError('This photo does not exist.');
  const check = checkReturnPhotoLink(photos, ctx.store.id, imageId, link.expires, link.signature);
  if (!check.ok) {
    if (check.reason === 'expired') throw new AppError('This photo link has expired. Reload the order to see the photo.', 'photo_link_expired');
    throw missing();
  }
  const image = await repo.findReturnImage(db, ctx.store.id, imageId);
  const name = image && photoFileName(image.path);
  if (!name) throw missing();
  const file = await store.get(returnPhotoKey(name));
  if (!file) throw missing();
  return { body: file.body, size: file.size, contentType: PHOTO_TYPES[name.slice(name.lastIndexOf('.') + 1)]!, secondsLeft: check.secondsLeft };
}

/** The steps a return may take; Rejected and Refunded are final. */
const NEXT_STATUSES: Record<repo.ReturnStatusValue, repo.ReturnStatusValue[]> = {
  requested: ['approved', 'rejected'],
  approved: ['picked_up', 'rejected'],
  picked_up: ['received'],
  received: ['refunded', 'rejected'],
  rejected: [],
  refunded: [],
};

export function nextStatuses(status: repo.ReturnStatusValue): repo.ReturnStatusValue[] {
  return NEXT_STATUSES[status];
}

/**
 * Moves a return to `status` with the values of that step, in the caller's transaction (which
 * holds the return's lock). 409 `invalid_return_status` for a move its state does not allow.
 */
async function moveReturn(
  db: Executor, storeId: number, row: repo.ReturnRow, status: repo.ReturnStatusValue,
  values: { courierId?: number; courierPartner?: string; trackingNumber?: string; rejectionReason?: string } = {},
): Promise<repo.ReturnRow> {
  if (!NEXT_STATUSES[row.status].includes(status)) {
    throw new ConflictError(`A return that is ${RETURN_STATUS_LABELS[row.status]} cannot become ${RETURN_STATUS_LABELS[status]}.`, 'invalid_return_status');
  }
  const moved = await repo.updateReturn(db, storeId, row.id, row.status, { status, ...values });
  if (!moved) throw new ConflictError('The return changed meanwhile. Please reload.', 'return_changed');
  return moved;
}

/** Return requests of orders: their lines, private photos and steps. Requesting one is a flow (flows/returns.ts). */
export function createReturnsService({ db, photos, store, couriers }: { db: Database; photos: PrivateMediaConfig; store: MediaStore; couriers: CouriersService }) {
  const q = (ctx: RequestContext) => executor(db, ctx);
  return {
    /** Returns of these orders with their lines and pictures (the order answer embeds them). */
    ofOrders: (ctx: RequestContext, orderIds: number[], lineDetails: Map<number, LineDetail>) => listReturnsOfOrders(q(ctx), ctx, photos, couriers, orderIds, lineDetails),
    /** The dashboard: returns waiting for a decision, and received returns whose refund is owed (with their value). */
    queues: (ctx: RequestContext) => returnQueues(q(ctx), ctx.store.id),
    /** The return requests of these orders as stored, oldest first (no lines or photos). */
    rowsOfOrders: (ctx: RequestContext, orderIds: number[]) => repo.listReturnsOfOrders(q(ctx), ctx.store.id, orderIds),
    create: (ctx: CustomerContext, input: ReturnCreateFields, images: UploadedImage[], now: Date) => createReturn(q(ctx), store, ctx, input, images, now),
    submitTracking: (ctx: CustomerContext, input: ReturnTrackingBody) => submitTracking(q(ctx), couriers, ctx, input),
    openPhoto: (ctx: RequestContext, imageId: number, link: { expires?: string; signature?: string }) => openReturnPhoto(q(ctx), store, ctx, photos, imageId, link),
    /** One of the store's returns, locked for the caller's transaction when asked; 404 when it is another store's or does not exist. */
    async inStore(ctx: RequestContext, returnId: number, lock = false): Promise<repo.ReturnRow> {
      const row = await repo.findReturn(q(ctx), ctx.store.id, returnId, undefined, lock);
      if (!row) throw new NotFoundError('This return request does not exist.');
      return row;
    },
    /** The shop's return by id; null when it is another shop's or does not exist. */
    byId: (scope: ShopScope, returnId: number) => repo.findReturn(executor(db, scope), scope.store.id, returnId),
    listForStaff: (ctx: RequestContext, filter: repo.ReturnFilter | undefined, limit: number, offset: number) =>
      repo.listReturnsForStaff(q(ctx), ctx.store.id, filter, limit, offset),
    countForStaff: (ctx: RequestContext, filter: repo.ReturnFilter | undefined) => repo.countReturnsForStaff(q(ctx), ctx.store.id, filter),
    /** The order lines and pictures of these returns. */
    async partsOf(scope: ShopScope, returnIds: number[]) {
      const ex = executor(db, scope);
      const [lines, images] = await Promise.all([repo.listReturnLines(ex, scope.store.id, returnIds), repo.listReturnImages(ex, scope.store.id, returnIds)]);
      return { lines, images };
    },
    /**
     * A refund of a return failed after the return was marked refunded: it is Received again, so
     * staff can refund it once more (the one step back the shop's own systems take).
     */
    async reopenForRefund(scope: ShopScope, returnId: number): Promise<void> {
      await repo.updateReturn(executor(db, scope), scope.store.id, returnId, 'refunded', { status: 'received' });
    },
    /** Moves a return to its next status in the caller's transaction; 409 for a move its state does not allow. */
    move: (scope: ShopScope, row: repo.ReturnRow, status: repo.ReturnStatusValue, values?: Parameters<typeof moveReturn>[4]) =>
      moveReturn(executor(db, scope), scope.store.id, row, status, values),
    /** Open returns (not rejected or refunded) per order. */
    /** The lines of the store's returns in these states, with their orders. */
    linesIn: (ctx: RequestContext, statuses: repo.ReturnStatusValue[]) => repo.listLinesOfReturnsIn(q(ctx), ctx.store.id, statuses),
    openCounts: (ctx: RequestContext, orderIds: number[]) => repo.countOpenReturns(q(ctx), ctx.store.id, orderIds),
    /** A signed, expiring link to one photo of the store's returns (the back office's return screens). */
    photoUrl: (ctx: RequestContext, imageId: number) => signReturnPhotoUrl(photos, ctx.store.id, imageId),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
