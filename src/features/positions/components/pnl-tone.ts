/** The colour of a signed figure; the sign itself is always printed too (colour is never the only signal). */
export const pnlTone = (value: number) => (value > 0 ? 'text-profit' : value < 0 ? 'text-loss' : 'text-fg');
