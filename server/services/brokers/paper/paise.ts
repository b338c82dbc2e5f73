// Money at the edges: the domain counts integer paise; the contract speaks rupees with two decimals.
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** ₹1,42,350.05: for messages a trader reads. */
export function formatPaise(paise: number): string {
  return rupees.format(paise / 100);
}

/** Paise to the contract's rupees (exact for any integer paise below 2^53 / 100). */
export function toRupees(paise: number): number {
  return Number((paise / 100).toFixed(2));
}

/** The contract's rupees (already a multiple of 0.01) to paise. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
