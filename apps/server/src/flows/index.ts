import type { Database } from '@gemstore/db';
import type { Services } from '../services.ts';
import type { Config } from '../config.ts';
import type { Jobs } from '../lib/jobs.ts';
import { adminOrderFlows } from './admin-orders.ts';
import { adminReturnFlows } from './admin-returns.ts';
import { refundFlows } from './refunds.ts';
import { reconciliationFlows } from './reconciliation.ts';
import { checkoutFlows } from './checkout.ts';
import { orderMessages } from './order-messages.ts';
import { customerAdminFlows } from './customers.ts';
import { dashboardFlows } from './dashboard.ts';
import { gstReportFlows } from './gst-report.ts';
import { importFlows } from './imports.ts';
import { invoiceFlows } from './invoices.ts';
import { orderFlows } from './orders.ts';
import { paymentFlows } from './payment.ts';
import { searchFlows } from './search.ts';
import { siteFlows } from './site.ts';
import { taxSettingsFlows } from './tax-settings.ts';

/**
 * Work that spans modules (docs/architecture.md, docs/decisions/0016): each flow calls the services of
 * the modules it needs, inside one transaction where the step must be all or nothing. Modules never
 * import flows; a module's routes reach a flow or a service through the app (`app.flows`, `app.services`).
 */
export function createFlows(db: Database, services: Services, config: Config, jobs: Jobs) {
  const messages = orderMessages(services, config);
  const invoices = invoiceFlows(services);
  const refunds = refundFlows(db, services, messages);
  const payment = paymentFlows(db, services, messages, invoices, refunds);
  return {
    invoices,
    checkout: checkoutFlows(db, services, messages),
    customers: customerAdminFlows(db, services),
    dashboard: dashboardFlows(services),
    taxSettings: taxSettingsFlows(db, services),
    gstReport: gstReportFlows(services),
    orders: orderFlows(services),
    payment,
    refunds,
    reconciliation: reconciliationFlows(db, services, payment, refunds, config.checkout),
    adminOrders: adminOrderFlows(db, services, messages, refunds),
    adminReturns: adminReturnFlows(db, services, messages, refunds),
    search: searchFlows(services),
    site: siteFlows(services),
    imports: importFlows(db, services, config.imports, jobs),
  };
}

export type Flows = ReturnType<typeof createFlows>;
