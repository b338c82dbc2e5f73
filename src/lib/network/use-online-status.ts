import { useAtomValue } from 'jotai';
import { networkStateAtom } from '@/lib/network/network-atom';
import type { NetworkState } from '@/lib/network/network-state';
import { store } from '@/lib/store';

/** The app's network state: reachable, unreachable since T, or offline since T (network-state.ts). */
export function useNetworkState(): NetworkState {
  return useAtomValue(networkStateAtom, { store });
}

/**
 * Whether the server can be reached now: the browser's own word AND the last request's outcome. Every control
 * that needs the server (trading above all) follows this, so a captive portal that the browser calls
 * "online" disables them just as airplane mode does.
 */
export function useOnlineStatus(): boolean {
  return useNetworkState().kind === 'reachable';
}
