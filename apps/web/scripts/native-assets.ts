/**
 * Draws the native apps' icons and launch screens from the one source image, public/logo.svg (the web app's icons
 * come from it too: scripts/make-icons.ts), with the test suite's Chromium. Run after changing the logo, then commit
 * what it wrote (docs/native.md):
 *
 *   npm run native:assets            (node apps/web/scripts/native-assets.ts)
 *
 * Android (android/app/src/main/res/): the launcher icons (legacy square, round, and the adaptive icon's
 * foreground, drawn over the brand green of values/ic_launcher_background.xml; also its monochrome layer), the
 * notification icon (white mark, transparent), and the launch screen of Android 11 and older (drawable*\/splash.png;
 * Android 12+ draws the launcher icon on the green itself).
 * iOS (ios/App/App/Assets.xcassets/): the 1024 px app icon (full-bleed, no alpha channel: iOS rounds the corners
 * and the App Store refuses transparency) and the launch image (2732 px square, cropped to the screen by
 * LaunchScreen.storyboard, so the mark stays in the middle).
 * No image library: Chromium draws, scripts/png.ts re-encodes (RGB where there must be no alpha).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { readPng, writePng } from './png.ts';

const web = join(import.meta.dirname, '..');
const logo = readFileSync(join(web, 'public', 'logo.svg'), 'utf8');
/** The logo's square, the brand green (shared/theme.ts BRAND_GREEN.light; capacitor.config.ts's splash). */
const GREEN = /<rect[^>]*fill="(#[0-9a-f]{6})"/i.exec(logo)?.[1] ?? '#1b7f4b';
/** The logo without its green square: the white line and the light dot. */
const mark = logo.replace(/<rect[^>]*\/>/, '');
/** The mark in white alone (Android notification icons are drawn from their alpha). */
const whiteMark = mark.replace(/fill="#(?!fff\b)[0-9a-f]{3,6}"/gi, 'fill="#fff"');

const RES = join(web, 'android', 'app', 'src', 'main', 'res');
const ASSETS = join(web, 'ios', 'App', 'App', 'Assets.xcassets');

/** Android densities and their scale from mdpi (1 dp = 1 px). */
export const DENSITIES = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 } as const;
/** Launcher icon 48 dp; adaptive layer 108 dp (the mark inside the 66 dp a launcher's mask keeps); status bar 24 dp. */
export const LAUNCHER_DP = 48;
export const ADAPTIVE_DP = 108;
export const NOTIFICATION_DP = 24;
/** Android 11 and older launch screens, as Capacitor's template sizes them (portrait; landscape swaps them). */
export const SPLASH_PORTRAIT: Record<keyof typeof DENSITIES, [number, number]> = {
  mdpi: [320, 480],
  hdpi: [480, 800],
  xhdpi: [720, 1280],
  xxhdpi: [960, 1600],
  xxxhdpi: [1280, 1920],
};
export const IOS_ICON = 1024;
export const IOS_SPLASH = 2732;

/** An SVG sized to `size` px. */
const sized = (svg: string, size: number) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `);

async function draw(
  page: Page,
  width: number,
  height: number,
  {
    svg,
    size,
    background = 'transparent',
    round = false,
  }: { svg: string; size: number; background?: string; round?: boolean },
): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  const shape = round ? 'border-radius:50%;' : '';
  await page.setContent(
    `<html><body style="margin:0;width:${width}px;height:${height}px;display:grid;place-items:center;${shape}background:${background}">${sized(svg, size)}</body></html>`,
  );
  return page.screenshot({ omitBackground: background === 'transparent' || round, type: 'png' });
}

function write(file: string, png: Buffer, { alpha }: { alpha: boolean }) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, writePng(readPng(png), { alpha }));
}

if (import.meta.main) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const [density, scale] of Object.entries(DENSITIES)) {
      const icon = Math.round(LAUNCHER_DP * scale);
      const mipmap = join(RES, `mipmap-${density}`);
      write(join(mipmap, 'ic_launcher.png'), await draw(page, icon, icon, { svg: logo, size: icon }), { alpha: true });
      write(
        join(mipmap, 'ic_launcher_round.png'),
        await draw(page, icon, icon, { svg: mark, size: icon, background: GREEN, round: true }),
        { alpha: true },
      );
      const layer = Math.round(ADAPTIVE_DP * scale);
      // The logo's 32 units over 72 of the layer's 108 dp: the mark's farthest point stays inside the 66 dp circle.
      write(
        join(mipmap, 'ic_launcher_foreground.png'),
        await draw(page, layer, layer, { svg: mark, size: Math.round(72 * scale) }),
        { alpha: true },
      );
      const notification = Math.round(NOTIFICATION_DP * scale);
      write(
        join(RES, `drawable-${density}`, 'ic_stat_notify.png'),
        await draw(page, notification, notification, { svg: whiteMark, size: notification }),
        { alpha: true },
      );
      const [w, h] = SPLASH_PORTRAIT[density as keyof typeof DENSITIES];
      const splashMark = Math.round(Math.min(w, h) * 0.4);
      const portrait = await draw(page, w, h, { svg: mark, size: splashMark, background: GREEN });
      write(join(RES, `drawable-port-${density}`, 'splash.png'), portrait, { alpha: false });
      const landscape = await draw(page, h, w, { svg: mark, size: splashMark, background: GREEN });
      write(join(RES, `drawable-land-${density}`, 'splash.png'), landscape, { alpha: false });
      if (density === 'mdpi') write(join(RES, 'drawable', 'splash.png'), landscape, { alpha: false });
    }

    // iOS: the mark over the whole square, as the logo draws it in its rounded square.
    const appIcon = await draw(page, IOS_ICON, IOS_ICON, { svg: mark, size: IOS_ICON, background: GREEN });
    write(join(ASSETS, 'AppIcon.appiconset', 'AppIcon-512@2x.png'), appIcon, { alpha: false });
    const splash = await draw(page, IOS_SPLASH, IOS_SPLASH, { svg: mark, size: 640, background: GREEN });
    for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
      write(join(ASSETS, 'Splash.imageset', name), splash, { alpha: false });
    }
  } finally {
    await browser.close();
  }
}
