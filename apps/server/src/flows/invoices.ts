import { type CreditNoteSummary, GST_STATE_CODES } from '@gemstore/contracts';
import { formatPaise } from '@gemstore/contracts/format';
import type { InvoiceBuyer, InvoiceSeller } from '@gemstore/db';
import { type CustomerContext, type RequestContext, type ShopScope, type StaffContext, type Store } from '../lib/context.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { billedLines, lineNetPaise, orderTotals } from '../lib/order-totals.ts';
import { listStates } from '../modules/addresses/locations.ts';
import type { CreditNoteRow, InvoiceRow } from '../modules/invoices/invoices.service.ts';
import { orderNumberOf, type OrderRow } from '../modules/orders/orders.service.ts';
import type { Services } from '../services.ts';

/** The ISO id (`IN-RJ`) of an Indian state by its name, as order addresses keep it. */
function indianStateId(name: string): string | undefined {
  const wanted = name.trim().toLowerCase();
  return listStates('IN')?.find((s) => s.name.toLowerCase() === wanted)?.id;
}

function stateNameOf(stateId: string): string {
  return listStates('IN')?.find((s) => s.id === stateId)?.name ?? '';
}

export function toCreditNoteSummary(n: CreditNoteRow): CreditNoteSummary {
  return { id: n.id, number: n.number, issued_at: n.issuedAt.toISOString(), invoice_number: n.invoiceNumber, amount: n.totalPaise / 100, refund_id: n.refundId };
}

/**
 * Tax invoices and receipts: frozen from the order, its stones' gem types and the store's tax
 * settings in the payment's transaction, numbered right after it, and rendered for the customer
 * (their own orders) and the staff (the store's orders).
 */
export function invoiceFlows({ orders, catalog, stores, payments, invoices }: Services) {
  /** Writes the invoice of an order that has just been paid, inside the payment's transaction. */
  async function freeze(scope: ShopScope, order: OrderRow, paidAt: Date): Promise<InvoiceRow> {
    const [store, lines] = await Promise.all([stores.findById(scope, order.storeId), orders.lines(scope, [order.id])]);
    const taxes = new Map((await catalog.stoneTaxes(scope, order.storeId, lines.map((l) => l.itemId))).map((t) => [t.itemId, t]));
    const s = store!;
    const sellerState = stateNameOf(s.taxStateId);
    const seller: InvoiceSeller = {
      legalName: s.legalName || s.name, address: s.taxAddress || s.configuration.footer.contact.address, gstin: s.gstin,
      state: sellerState, stateCode: GST_STATE_CODES[s.taxStateId] ?? '', email: s.email,
    };
    const ship = order.shippingAddress;
    const bill = order.billingAddress;
    const inIndia = ship.country === 'India';
    const supplyState = inIndia ? indianStateId(ship.state) : undefined;
    const buyer: InvoiceBuyer = {
      name: bill.name, phone: bill.phone, country: bill.country,
      address: [bill.address, bill.locality, bill.landmark, bill.city, `${bill.state} ${bill.pincode}`.trim(), bill.country].filter(Boolean).join(', '),
      placeOfSupply: inIndia ? `${ship.state}${supplyState && GST_STATE_CODES[supplyState] ? ` (${GST_STATE_CODES[supplyState]})` : ''}` : `${ship.country} (outside India)`,
    };
    return invoices.freeze(scope, {
      storeId: order.storeId, orderId: order.id, kind: s.isFromIndia ? 'tax' : 'receipt', issuedAt: paidAt, seller, buyer,
      // Within the seller's state: CGST + SGST; another state, or abroad: IGST.
      intraState: Boolean(sellerState) && inIndia && ship.state.trim().toLowerCase() === sellerState.toLowerCase(),
      lines: billedLines(lines.map((l) => {
        const t = taxes.get(l.itemId);
        // A discounted stone is invoiced at what it was sold for: its taxable value and tax come from that.
        const description = l.discountPaise > 0
          ? `${l.itemName} (price ${formatPaise(l.pricePaise)} less ${formatPaise(l.discountPaise)} with code ${order.discountCode})`
          : l.itemName;
        return { description, sku: t?.sku ?? String(l.itemId), hsn: t?.hsnCode ?? '7103', rateBp: t?.gstRateBp ?? 25, pricePaise: lineNetPaise(l), orderLineId: l.id };
      }), orderTotals({ stonesPaise: lines.reduce((s, l) => s + l.pricePaise, 0), discountPaise: order.discountPaise, shippingPaise: order.shippingPaise })),
    });
  }

  /** Numbers the invoice if it has no number yet (its own short transaction on the store's series). */
  async function numbered(store: Pick<Store, 'id' | 'invoicePrefix'>, row: InvoiceRow): Promise<InvoiceRow> {
    return row.number !== null ? row : (await invoices.number({ store }, row.id, row.orderId, store.invoicePrefix)) ?? row;
  }

  /** The numbered invoice of a paid order: frozen now for an order paid before invoices were kept (dated by its payment). */
  async function invoiceOf(ctx: RequestContext, order: OrderRow): Promise<InvoiceRow> {
    if (order.status !== 'paid') throw new ConflictError('An invoice is issued once the order is paid.', 'order_not_paid');
    let row = await invoices.ofOrder(ctx, order.id);
    if (!row) {
      const paid = (await payments.ofOrders(ctx, [order.id])).find((p) => p.amountPaise >= order.totalPaise);
      row = await freeze(ctx, order, paid?.createdAt ?? new Date());
    }
    return numbered(ctx.store, row);
  }

  async function pdf(ctx: RequestContext, order: OrderRow) {
    const row = await invoiceOf(ctx, order);
    return { filename: `${row.kind === 'tax' ? 'invoice' : 'receipt'}-${row.number!.replaceAll('/', '-')}.pdf`, body: await invoices.pdf(row, orderNumberOf(order)) };
  }

  async function creditNotePdf(ctx: RequestContext, order: OrderRow, noteId: number) {
    const note = (await invoices.creditNotesOf(ctx, [order.id])).find((n) => n.id === noteId);
    if (!note) throw new NotFoundError('This credit note does not exist.');
    return { filename: `credit-note-${note.number.replaceAll('/', '-')}.pdf`, body: await invoices.creditNotePdf(note, orderNumberOf(order)) };
  }

  return {
    freeze,

    /** The credit notes of these orders as the order pages list them, by order id. */
    async creditNotesOf(ctx: RequestContext, orderIds: number[]): Promise<Map<number, CreditNoteSummary[]>> {
      const byOrder = new Map<number, CreditNoteSummary[]>();
      for (const n of await invoices.creditNotesOf(ctx, orderIds)) {
        byOrder.set(n.orderId, [...(byOrder.get(n.orderId) ?? []), toCreditNoteSummary(n)]);
      }
      return byOrder;
    },
    customerCreditNotePdf: async (ctx: CustomerContext, orderId: number, noteId: number) => creditNotePdf(ctx, await orders.findOwn(ctx, orderId), noteId),
    staffCreditNotePdf: async (ctx: StaffContext, orderId: number, noteId: number) => creditNotePdf(ctx, await orders.inStore(ctx, orderId), noteId),

    /**
     * After a payment's transaction committed: gives the new invoice its number. A failure here
     * loses nothing: the invoice is numbered when it is first downloaded.
     */
    async afterPayment(scope: ShopScope, orderId: number): Promise<void> {
      try {
        const row = await invoices.ofOrder(scope, orderId);
        if (!row || row.number !== null) return;
        const store = await stores.findById({}, scope.store.id);
        if (store) await numbered(store, row);
      } catch {
        // Numbered on first download instead.
      }
    },

    customerPdf: async (ctx: CustomerContext, orderId: number) => pdf(ctx, await orders.findOwn(ctx, orderId)),
    staffPdf: async (ctx: StaffContext, orderId: number) => pdf(ctx, await orders.inStore(ctx, orderId)),
  };
}
