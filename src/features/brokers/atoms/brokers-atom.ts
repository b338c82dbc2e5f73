import { atom } from 'jotai';
import type { Broker } from '@/features/brokers/api/broker-types';

/** The brokers accounts can be linked to (spec §3: a list is held), as last read from the server. */
export const brokersAtom = atom<Broker[]>([]);
