import type { TaxSettings, TaxSettingsBody } from '@gemstore/contracts';
import type { Database } from '@gemstore/db';
import { type StaffContext, within } from '../lib/context.ts';
import { ValidationError } from '../lib/errors.ts';
import { changedFields } from '../modules/audit/audit.service.ts';
import type { Services } from '../services.ts';

/**
 * Tax settings: the seller's details on invoices (stores module) and each gem type's HSN code and
 * GST rate (catalog module), written together with their audit entries. Invoices already issued
 * keep their frozen figures.
 */
export function taxSettingsFlows(db: Database, { stores, catalog, audit }: Services) {
  async function read(ctx: StaffContext): Promise<TaxSettings> {
    const [store, products] = await Promise.all([stores.findById(ctx, ctx.store.id), catalog.productTaxes(ctx)]);
    const s = store!;
    return {
      is_from_india: s.isFromIndia, legal_name: s.legalName, address: s.taxAddress, gstin: s.gstin, state_id: s.taxStateId,
      invoice_prefix: s.invoicePrefix,
      products: products.map((p) => ({ id: p.id, name: p.name, hsn_code: p.hsnCode, gst_rate: p.gstRateBp / 100, stones: p.stones })),
    };
  }

  return {
    read,

    async update(ctx: StaffContext, body: TaxSettingsBody): Promise<TaxSettings> {
      await db.transaction(async (tx) => {
        const t = within(ctx, tx);
        const before = await read(t);
        const known = new Map(before.products.map((p) => [p.id, p]));
        const errors: Record<string, string[]> = {};
        body.products.forEach((p, i) => { if (!known.has(p.id)) errors[`products.${i}.id`] = ['This gem type is not in this store.']; });
        if (Object.keys(errors).length) throw new ValidationError(errors);

        const details = { legal_name: body.legal_name, address: body.address, gstin: body.gstin, state_id: body.state_id, invoice_prefix: body.invoice_prefix };
        const changes = changedFields<Record<string, unknown>>(before, details);
        if (Object.keys(changes).length) {
          await stores.setTaxDetails(t, { legalName: body.legal_name, taxAddress: body.address, gstin: body.gstin, taxStateId: body.state_id, invoicePrefix: body.invoice_prefix });
          await audit.record(t, { action: 'settings.tax', objectType: 'store', objectId: ctx.store.id, changes });
        }
        const entries = [];
        for (const p of body.products) {
          const old = known.get(p.id)!;
          const rateBp = Math.round(p.gst_rate * 100);
          if (old.hsn_code === p.hsn_code && Math.round(old.gst_rate * 100) === rateBp) continue;
          await catalog.setProductTax(t, p.id, p.hsn_code, rateBp);
          entries.push({
            action: 'product.tax', objectType: 'product', objectId: p.id,
            changes: changedFields<Record<string, unknown>>({ hsn_code: old.hsn_code, gst_rate: old.gst_rate }, { hsn_code: p.hsn_code, gst_rate: rateBp / 100 }),
          });
        }
        // One insert for every gem type changed, as bulk stone changes do.
        if (entries.length) await audit.record(t, entries);
      });
      return read(ctx);
    },
  };
}
