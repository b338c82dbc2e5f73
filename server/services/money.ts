const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** ₹6,00,000 or ₹1,234.5: Indian digit grouping, as traders read amounts. */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
