import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Item, MAX_RETURN_IMAGES, RETURN_REASONS, RETURN_STATUS_LABELS, type ReturnCreateFields,
  type ReturnReason, type ReturnRequest, type ReturnTrackingBody,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import type { PrivateMediaConfig } from '../../config.ts';
import { type CustomerContext, executor, type RequestContext } from '../../lib/context.ts';
import { type Executor, uniqueViolation } from '../../lib/db.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { EXTENSIONS, reencodeImage, sniffImage } from '../../lib/images.ts';
import { checkReturnPhotoLink, PHOTO_TYPES, photoFileName, returnPhotoDir, signReturnPhotoUrl } from './photos.ts';
import * as repo from './returns.repo.ts';


export type LineDetail = { id: number; item: Item & { iname: string } };
export type ReturnWithOrder = ReturnRequest & { orderId: number };

function toReturn(
  photos: PrivateMediaConfig, r: repo.ReturnRow, lineIds: number[], images: { id: number }[], lineDetails: Map<number, LineDetail>,
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
    // The spec's path is the photo's address: a signed link, since the files are not public.
    images: images.map((i) => ({ id: i.id, path: signReturnPhotoUrl(photos, r.storeId, i.id) })),
    courier_partner: r.courierPartner,
    tracking_number: r.trackingNumber,
    details,
  };
}

/** Returns of these orders with their lines and pictures (the order answer embeds them). */
async function listReturnsOfOrders(
  db: Executor, ctx: RequestContext, photos: PrivateMediaConfig, orderIds: number[], lineDetails: Map<number, LineDetail>,
): Promise<ReturnWithOrder[]> {
  const rows = await repo.listReturnsOfOrders(db, ctx.store.id, orderIds);
  const ids = rows.map((r) => r.id);
  const [lines, images] = await Promise.all([repo.listReturnLines(db, ids), repo.listReturnImages(db, ids)]);
  return rows.map((r) => toReturn(
    photos, r, lines.filter((l) => l.returnId === r.id).map((l) => l.orderLineId), images.filter((i) => i.returnId === r.id), lineDetails,
  ));
}

export interface UploadedImage {
  /** 1-based position in the form, for messages. */
  position: number;
  data: Buffer;
}


/** Courier and tracking number of an approved return (spec: only while Approved). */
async function submitTracking(db: Executor, ctx: CustomerContext, input: ReturnTrackingBody): Promise<repo.ReturnRow> {
  const found = await repo.findReturn(db, ctx.store.id, input.returnId, ctx.actor.customerId);
  if (!found) throw new NotFoundError('This return request does not exist.');
  const notApproved = () => new ConflictError(
    `Tracking details can be sent only while the return is Approved; it is ${RETURN_STATUS_LABELS[found.status]}.`, 'return_not_approved',
  );
  if (found.status !== 'approved') throw notApproved();
  const row = await repo.updateReturn(db, found.id, 'approved', { courierPartner: input.courierPartner, trackingNumber: input.trackingNumber });
  if (!row) throw notApproved();
  return row;
}

/**
 * A return of lines of an order (the flow checked they are the customer's, of a dispatched order),
 * each line at most once. Pictures are checked by their bytes and re-encoded before anything is
 * stored; files are written (to the private folder, never under /media) first and removed again if
 * the rows cannot be written, so a failure leaves no rows and no files.
 */
async function createReturn(
  db: Executor, ctx: CustomerContext, photos: PrivateMediaConfig,
  input: ReturnCreateFields, images: UploadedImage[],
): Promise<repo.ReturnRow> {
  if (images.length > MAX_RETURN_IMAGES) throw ValidationError.field('images', `Attach at most ${MAX_RETURN_IMAGES} images.`);
  if ((await repo.findReturnedLines(db, input.detailIds)).length) throw ValidationError.field('detailIds', 'A chosen stone is already part of a return request.');

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

  const dir = returnPhotoDir(photos);
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  try {
    const names: string[] = [];
    for (const e of encoded) {
      const name = `${randomBytes(16).toString('hex')}.${e.ext}`;
      await writeFile(join(dir, name), e.data, { flag: 'wx' });
      written.push(join(dir, name));
      names.push(name);
    }
    return await db.transaction((tx) => repo.insertReturn(tx, {
      storeId: ctx.store.id, orderId: input.orderId, customerId: ctx.actor.customerId, reason: input.reason, comment: input.comment,
    }, input.detailIds, names));
  } catch (err) {
    await Promise.all(written.map((f) => unlink(f).catch(() => {})));
    if (uniqueViolation(err) !== undefined) throw ValidationError.field('detailIds', 'A chosen stone is already part of a return request.');
    throw err;
  }
}

export interface ReturnPhotoFile {
  file: FileHandle;
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
  db: Executor, ctx: RequestContext, photos: PrivateMediaConfig, imageId: number, link: { expires?: string; signature?: string },
): Promise<ReturnPhotoFile> {
  const missing = () => new NotFoundError('This photo does not exist.');
  const check = checkReturnPhotoLink(photos, ctx.store.id, imageId, link.expires, link.signature);
  if (!check.ok) {
    if (check.reason === 'expired') throw new AppError(403, 'This photo link has expired. Reload the order to see the photo.', 'photo_link_expired');
    throw missing();
  }
  const image = await repo.findReturnImage(db, ctx.store.id, imageId);
  const name = image && photoFileName(image.path);
  if (!name) throw missing();
  let file: FileHandle;
  try {
    file = await open(join(returnPhotoDir(photos), name), 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missing();
    throw err;
  }
  let size: number;
  try {
    ({ size } = await file.stat());
  } catch (err) {
    await file.close();
    throw err;
  }
  return { file, size, contentType: PHOTO_TYPES[name.slice(name.lastIndexOf('.') + 1)]!, secondsLeft: check.secondsLeft };
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

/** Back office (and tests until it exists): moves a return to its next status. */
async function changeReturnStatus(db: Executor, ctx: RequestContext, returnId: number, status: repo.ReturnStatusValue): Promise<repo.ReturnRow> {
  const found = await repo.findReturn(db, ctx.store.id, returnId);
  if (!found) throw new NotFoundError('This return request does not exist.');
  if (!NEXT_STATUSES[found.status].includes(status)) {
    throw new ConflictError(`A return that is ${RETURN_STATUS_LABELS[found.status]} cannot become ${RETURN_STATUS_LABELS[status]}.`, 'invalid_return_status');
  }
  const row = await repo.updateReturn(db, returnId, found.status, { status });
  if (!row) throw new ConflictError('The return changed meanwhile. Please reload.', 'return_changed');
  return row;
}

/** Return requests of orders: their lines, private photos and steps. Requesting one is a flow (flows/returns.ts). */
export function createReturnsService({ db, photos }: { db: Database; photos: PrivateMediaConfig }) {
  const q = (ctx: RequestContext) => executor(db, ctx);
  return {
    /** Returns of these orders with their lines and pictures (the order answer embeds them). */
    ofOrders: (ctx: RequestContext, orderIds: number[], lineDetails: Map<number, LineDetail>) => listReturnsOfOrders(q(ctx), ctx, photos, orderIds, lineDetails),
    create: (ctx: CustomerContext, input: ReturnCreateFields, images: UploadedImage[]) => createReturn(q(ctx), ctx, photos, input, images),
    submitTracking: (ctx: CustomerContext, input: ReturnTrackingBody) => submitTracking(q(ctx), ctx, input),
    openPhoto: (ctx: RequestContext, imageId: number, link: { expires?: string; signature?: string }) => openReturnPhoto(q(ctx), ctx, photos, imageId, link),
    /** Back office (and tests until it exists): moves a return to its next status. */
    changeStatus: (ctx: RequestContext, returnId: number, status: repo.ReturnStatusValue) => changeReturnStatus(q(ctx), ctx, returnId, status),
    /** A signed, expiring link to one photo of the store's returns (the back office's return screens). */
    photoUrl: (ctx: RequestContext, imageId: number) => signReturnPhotoUrl(photos, ctx.store.id, imageId),
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
