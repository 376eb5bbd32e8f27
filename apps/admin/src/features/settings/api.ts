/** The couriers the dispatch and pick-up forms offer, and the settings page's list of them all. */
export const activeCouriersKey = ['admin', 'couriers'] as const;
export const courierSettingsKey = ['admin', 'settings', 'couriers'] as const;
