import { atom } from 'jotai';
import type { BaseStrategy } from '@/features/portfolios/api/portfolio-types';

/** The base strategy catalogue, read once per session (null until then): it changes with releases, not trades. */
export const baseStrategiesAtom = atom<BaseStrategy[] | null>(null);
