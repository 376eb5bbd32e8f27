/** Query keys of the catalogue pages: a change to the catalogue refreshes both. */
export const catalogKey = ['admin', 'catalog'] as const;
export const stonesKey = ['admin', 'stones'] as const;
