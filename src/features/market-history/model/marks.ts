/** Marks beside the words of a cell or an outcome, so colour is never the only signal (the same in every language). */
export const marks = { covered: '✓', missing: '✕', unsure: '?', closed: '○', none: '–', simulated: '≈' } as const;
