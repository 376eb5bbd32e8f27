import { createContext, useContext, type ReactNode } from 'react';
import type { Currency, StoreProfile } from '@gemstore/contracts';
import { formatDate, formatDateTime, shopTimeZone } from '@gemstore/contracts/format';
import { formatPrice } from './money.ts';

/** The store the page is for (from the layout loader), so any part can show its currency and settings. */
const StoreContext = createContext<StoreProfile | null>(null);

export function StoreProvider({ profile, children }: { profile: StoreProfile; children: ReactNode }) {
  return <StoreContext.Provider value={profile}>{children}</StoreContext.Provider>;
}

export function useStoreProfile(): StoreProfile {
  const profile = useContext(StoreContext);
  if (!profile) throw new Error('useStoreProfile needs a StoreProvider (the store layout route).');
  return profile;
}

export function useCurrency(): Currency {
  return useStoreProfile().currency;
}

/** Formats rupees in the store's currency (Rs. or converted $). */
export function usePriceFormatter(): (rupees: number) => string {
  const currency = useCurrency();
  return (rupees) => formatPrice(rupees, currency);
}

/**
 * Writes days and moments in the shop's time zone (India's for a shop in India, UTC for the others),
 * as the back office writes them: "5 Mar 2026", "5 Mar 2026, 2:05 pm". The same on the server's
 * render and in the browser, whatever the browser's own zone.
 */
export function useShopDates(): { date(at: string): string; dateTime(at: string): string } {
  const timeZone = shopTimeZone(useStoreProfile().isFromIndia);
  return { date: (at) => formatDate(at, timeZone), dateTime: (at) => formatDateTime(at, timeZone) };
}
