import { getDefaultNormalizer } from '@testing-library/react';
import { withoutIsolates } from '@/lib/format/isolate';

const standard = getDefaultNormalizer();

/**
 * Formatted values carry invisible Unicode isolates (src/lib/format/isolate.ts); tests about the words on
 * screen read the text without them: `getByText('₹5,00,000.00', { normalizer: plainText })`.
 */
export function plainText(text: string): string {
  return standard(withoutIsolates(text));
}
