/**
 * Query keys that more than one feature reads or refreshes: a step on an order, a return or a
 * refund refreshes the lists that show it, the other side's page and the dashboard.
 */
export const ordersKey = ['admin', 'orders'] as const;
export const orderKey = (id: number) => ['admin', 'orders', 'one', id] as const;
export const returnsKey = ['admin', 'returns'] as const;
export const returnKey = (id: number) => ['admin', 'returns', 'one', id] as const;
export const refundsKey = ['admin', 'refunds'] as const;
export const dashboardKey = ['admin', 'dashboard'] as const;
