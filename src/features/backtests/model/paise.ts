/** Rupees with two decimals (the contract's edge) to integer paise and back: sums are made in paise, never in float rupees. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;
