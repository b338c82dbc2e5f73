/**
 * Keys for the paper broker, which has no developer console to issue them. Random enough to be
 * unguessable (crypto.getRandomValues), and within the contract's lengths and the characters any broker
 * accepts.
 */
function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function generatePaperKeys(): { api_key: string; api_secret: string } {
  return { api_key: `paper_${randomHex(10)}`, api_secret: randomHex(24) };
}
