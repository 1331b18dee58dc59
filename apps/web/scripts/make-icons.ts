/**
 * Draws the installable app's PNG icons (public/icons/) from public/logo.svg with the test suite's Chromium, once:
 * the repository has no image rasteriser, and the PNGs change only when the logo does. Run after changing the logo:
 * `node apps/web/scripts/make-icons.ts`, then commit the PNGs (docs/decisions/0029-installable-web-app.md).
 * - icon-192.png, icon-512.png: the logo as it is (rounded green square, transparent corners), purpose "any".
 * - maskable-512.png: a full-bleed green square with the mark inside the central 80 % a launcher's mask keeps.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const logo = readFileSync(join(here, '..', 'public', 'logo.svg'), 'utf8');
/** The logo's square, the brand green (shared/theme.ts BRAND_GREEN.light). */
const GREEN = /fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? '#1b7f4b';

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const draw = async (file: string, size: number, maskable: boolean) => {
    await page.setViewportSize({ width: size, height: size });
    const inner = maskable ? size * 0.8 : size;
    const svg = logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `);
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${
        maskable ? GREEN : 'transparent'
      }">${svg}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: !maskable, type: 'png' });
    writeFileSync(join(here, '..', 'public', 'icons', file), png);
  };
  await draw('icon-192.png', 192, false);
  await draw('icon-512.png', 512, false);
  await draw('maskable-512.png', 512, true);
} finally {
  await browser.close();
}
