// @vitest-environment node
/**
 * The manifest fields browsers check before offering installation, and the icon files they name: each
 * must exist in public/ with the pixel size the manifest claims.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pwaManifest } from '../../../scripts/pwa-manifest.ts';

const publicDir = resolve(import.meta.dirname, '../../../public');

/** Width, height and whether the PNG has an alpha channel, from its IHDR chunk. */
function pngInfo(src: string) {
  const bytes = readFileSync(resolve(publicDir, `.${src}`));
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  const colourType = bytes.readUInt8(25);
  return { size: `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, alpha: colourType === 4 || colourType === 6 };
}

describe('web app manifest', () => {
  const icons = pwaManifest.icons ?? [];

  it('identifies a standalone app whose start URL is inside its scope', () => {
    expect(pwaManifest).toMatchObject({
      id: '/',
      name: 'StrikeDesk — options trading',
      short_name: 'StrikeDesk',
      display: 'standalone',
      scope: '/',
      theme_color: '#1d4ed8',
      background_color: '#f4f6fa',
      lang: 'en',
    });
    expect(pwaManifest.description).toBeTruthy();
    expect(pwaManifest.categories).toContain('finance');
    const scope = new URL(pwaManifest.scope ?? '', 'https://strikedesk.example');
    const start = new URL(pwaManifest.start_url ?? '', scope);
    expect(start.origin).toBe(scope.origin);
    expect(start.pathname.startsWith(scope.pathname)).toBe(true);
  });

  it('has 192 and 512 px "any" icons and a separate, opaque 512 px maskable icon', () => {
    const any = icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(any).toEqual(expect.arrayContaining(['192x192', '512x512']));
    const maskable = icons.filter((icon) => String(icon.purpose).includes('maskable'));
    expect(maskable).toHaveLength(1);
    expect(maskable[0]).toMatchObject({ sizes: '512x512', purpose: 'maskable' });
    // Not the same file as an "any" icon: a maskable icon needs its own full-bleed art.
    expect(icons.filter((icon) => icon.src === maskable[0]?.src)).toHaveLength(1);
    expect(pngInfo(maskable[0]?.src ?? '').alpha).toBe(false);
  });

  it('has a narrow and a wide screenshot, each labelled', () => {
    const screenshots = pwaManifest.screenshots ?? [];
    expect(screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of screenshots) expect(shot.label).toBeTruthy();
  });

  it('offers shortcuts to positions, the order book, live trade and the kill switch, each with a 96 px icon', () => {
    const shortcuts = pwaManifest.shortcuts ?? [];
    expect(shortcuts.map((shortcut) => shortcut.url)).toEqual([
      '/app/position',
      '/app/order_book',
      '/app/dashboards/live-trade',
      // Opens the kill switch's confirmation (KillSwitchButton reads the parameter): never arms by itself.
      '/app/dashboards/default?kill-switch=arm',
    ]);
    for (const shortcut of shortcuts) expect(shortcut.icons?.[0]?.sizes).toBe('96x96');
  });

  it('names PNG files that exist with the stated size', () => {
    const files = [
      ...icons,
      ...(pwaManifest.screenshots ?? []),
      ...(pwaManifest.shortcuts ?? []).flatMap((shortcut) => shortcut.icons ?? []),
    ];
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) expect(pngInfo(file.src).size, file.src).toBe(file.sizes);
  });

  it('ships the opaque 180 px apple-touch-icon index.html links to', () => {
    expect(pngInfo('/apple-touch-icon-180.png')).toEqual({ size: '180x180', alpha: false });
  });
});
