import type { Database } from '@gemstore/db';
import type { Services } from '../services.ts';
import type { Config } from '../config.ts';
import { checkoutFlows } from './checkout.ts';
import { importFlows } from './imports.ts';
import { orderFlows } from './orders.ts';
import { paymentFlows } from './payment.ts';
import { searchFlows } from './search.ts';

/**
 * Work that spans modules (ARCHITECTURE.md, docs/decisions/0016): each flow calls the services of
 * the modules it needs, inside one transaction where the step must be all or nothing. Modules never
 * call flows; routes call either.
 */
export function createFlows(db: Database, services: Services, config: Config) {
  return {
    checkout: checkoutFlows(db, services),
    orders: orderFlows(services),
    payment: paymentFlows(db, services),
    search: searchFlows(services),
    imports: importFlows(db, services, config.imports),
  };
}

export type Flows = ReturnType<typeof createFlows>;
