// The common-password list (common-passwords.txt, one per line, # for comments), loaded once.
import { readFileSync } from 'node:fs';

let list: ReadonlySet<string> | undefined;

function commonPasswords(): ReadonlySet<string> {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return list;
}

/** Case-insensitive: "Password123" is as guessable as "password123". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}
