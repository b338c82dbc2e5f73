import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/**
 * src/public-preflight.css is the part of Tailwind's preflight the public pages need (issue 24: the first
 * visit): every rule in it must be one of preflight's, declaration for declaration, so that the public pages
 * look as they would with the whole preflight (all-screens.css adds the rest for the signed-in screens).
 * Two declarations differ on purpose: html takes its font from index.css, and <pre> names the monospace
 * fonts themselves rather than through the theme variable preflight reads them from.
 */
const tailwindPreflight = readFileSync(createRequire(import.meta.url).resolve('tailwindcss/preflight.css'), 'utf8');
const publicPreflight = readFileSync(join(process.cwd(), 'src/public-preflight.css'), 'utf8');

type Rule = { selectors: string[]; declarations: string[] };

/** The style rules of a stylesheet (those inside @supports too), comments and whitespace normalised. */
function rulesOf(css: string): Rule[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/@supports[^{]*\{([\s\S]*?\})\s*\}/g, '$1');
  return [...plain.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selectors, body]) => ({
    selectors: selectors!.split(',').map((selector) => selector.replace(/\s+/g, ' ').replace(/"/g, "'").trim()),
    declarations: body!
      .split(';')
      .map((declaration) => declaration.replace(/\s+/g, ' ').trim())
      .filter((declaration) => declaration !== ''),
  }));
}

const onPurpose = (selector: string, declaration: string) => declaration.startsWith('font-family:') && ['html', ':host', 'pre'].includes(selector);

it('every rule of the public pages\' preflight is one of Tailwind\'s preflight, unchanged', () => {
  const tailwind = rulesOf(tailwindPreflight);
  const differences: string[] = [];
  for (const rule of rulesOf(publicPreflight)) {
    for (const selector of rule.selectors) {
      const declared = tailwind.filter((candidate) => candidate.selectors.includes(selector)).flatMap((candidate) => candidate.declarations);
      for (const declaration of rule.declarations) {
        if (!declared.includes(declaration) && !onPurpose(selector, declaration)) differences.push(`${selector} { ${declaration} }`);
      }
    }
  }
  expect(differences).toEqual([]);
  expect(rulesOf(publicPreflight).length).toBeGreaterThan(10);
});
