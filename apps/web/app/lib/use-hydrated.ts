import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during the server render and the hydrating render, true after. Forms disable their submit
 * button until then, so a click before the script has loaded never submits natively (which would
 * put a password in the address bar).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
