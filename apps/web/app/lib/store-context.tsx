import { createContext, useContext, type ReactNode } from 'react';
import type { Currency, StoreProfile } from '@gemstore/contracts';
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
