import {
  type AdminCustomerResponse, type AdminCustomersQuery, type AdminCustomersResponse, RETURN_REASONS, RETURN_STATUS_LABELS,
} from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type StaffContext, within } from '../lib/context.ts';
import { toAdminCustomer } from '../modules/customers/customers.service.ts';
import { ORDER_STATUS_LABELS, orderNumberOf } from '../modules/orders/orders.service.ts';
import type { Services } from '../services.ts';
import { standingsOf } from './order-stages.ts';

/** Orders shown on a customer's page (the newest). */
const CUSTOMER_PAGE_ORDERS = 100;

/**
 * The back office's customers: the list, a customer's page (customers, orders, addresses and
 * returns modules), and blocking, which ends the customer's sign-ins (auth) in the same transaction.
 */
export function customerAdminFlows(db: Database, services: Services) {
  const { customers, orders, addresses, returns, auth, audit } = services;
  async function page(ctx: StaffContext, customerId: number): Promise<AdminCustomerResponse> {
    const customer = await customers.get(ctx, customerId);
    const [orderRows, addressList] = await Promise.all([
      orders.listOfCustomer(ctx, customer.id, CUSTOMER_PAGE_ORDERS), addresses.ofCustomer(ctx, customer.id),
    ]);
    const ids = orderRows.map((o) => o.id);
    const [dispatches, returnRows, standings] = await Promise.all([
      orders.dispatches(ctx, ids), returns.rowsOfOrders(ctx, ids), standingsOf(services, ctx, orderRows),
    ]);
    const dispatched = new Set(dispatches.map((d) => d.orderId));
    const numbers = new Map(orderRows.map((o) => [o.id, orderNumberOf(o)]));
    return {
      customer: toAdminCustomer(customer),
      orders: orderRows.map((o) => ({
        id: o.id, order_number: orderNumberOf(o), placed_on: o.placedOn.toISOString(), status: o.status, status_label: ORDER_STATUS_LABELS[o.status],
        stage: standings.get(o.id)!.stage, stage_label: standings.get(o.id)!.stageLabel,
        total_qty: o.totalQty, total_amount: o.totalPaise / 100, dispatched: dispatched.has(o.id), refund_pending: o.refundFlaggedAt !== null,
      })),
      addresses: addressList.map((a) => ({
        id: a.id, name: a.name, phone: a.phone, label: a.label, primary: a.address_type_id === 1,
        text: [a.address, a.locality, a.landmark, a.city.name, a.state.name, a.pincode, a.country.name].filter(Boolean).join(', '),
      })),
      returns: returnRows.reverse().map((r) => ({
        id: r.id, order_id: r.orderId, order_number: numbers.get(r.orderId) ?? '', placed_on: r.placedOn.toISOString(), status: RETURN_STATUS_LABELS[r.status],
        reason: RETURN_REASONS[r.reason as keyof typeof RETURN_REASONS] ?? r.reason,
      })),
    };
  }

  /** Blocks or unblocks in one transaction with its audit entry; a block also revokes every token of the customer. */
  async function setBlocked(ctx: StaffContext, customerId: number, block: { reason: string } | null): Promise<AdminCustomerResponse> {
    await db.transaction(async (tx) => {
      const t = within(ctx, tx);
      const { before, after } = await customers.setBlocked(t, customerId, block);
      if (block) await auth.revokeAllTokens(t, customerId);
      if (before === after) return;
      await audit.record(t, {
        action: block ? 'customer.block' : 'customer.unblock', objectType: 'customer', objectId: customerId,
        changes: {
          blocked: { old: before.blockedAt !== null, new: after.blockedAt !== null },
          ...(before.blockedReason !== after.blockedReason ? { blocked_reason: { old: before.blockedReason, new: after.blockedReason } } : {}),
        },
      });
    });
    return page(ctx, customerId);
  }

  return {
    async list(ctx: StaffContext, query: AdminCustomersQuery): Promise<AdminCustomersResponse> {
      return customers.search(ctx, { text: query.q, blocked: query.blocked }, query.page);
    },
    page,
    block: (ctx: StaffContext, customerId: number, reason: string) => setBlocked(ctx, customerId, { reason }),
    unblock: (ctx: StaffContext, customerId: number) => setBlocked(ctx, customerId, null),
  };
}
