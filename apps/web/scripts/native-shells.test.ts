/**
 * The native shells (docs/native.md) as far as Linux can take them: `npx cap sync` copies the web build and
 * capacitor.config.ts into the committed Android and iOS projects, finds the Capacitor plugins, and leaves the
 * checkout as it was (what it writes is ignored by git); the icons drawn from the logo have the sizes the stores
 * and launchers ask for. Needs the web build (apps/web/dist: `npm test` and `npm ci` make it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../capacitor.config.ts';
import {
  ADAPTIVE_DP,
  DENSITIES,
  IOS_ICON,
  IOS_SPLASH,
  LAUNCHER_DP,
  NOTIFICATION_DP,
  SPLASH_PORTRAIT,
} from './native-assets.ts';
import { pngHeader, readPng, writePng } from './png.ts';

const web = join(import.meta.dirname, '..');
const dist = join(web, config.webDir ?? 'dist');
const android = join(web, 'android', 'app', 'src', 'main');
const ios = join(web, 'ios', 'App');
const PLUGINS = [
  '@capacitor/app',
  '@capacitor/push-notifications',
  '@capacitor/splash-screen',
  '@capacitor/status-bar',
];

const read = (...path: string[]) => readFileSync(join(...path), 'utf8');
const json = (...path: string[]) => JSON.parse(read(...path));

/** `git status` of the native folders: what is changed or new and not ignored. */
function nativeChanges(): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', 'android', 'ios'], {
    cwd: web,
    encoding: 'utf8',
  });
}

describe('npx cap sync', () => {
  it('copies the web build and the configuration into both projects and leaves git status clean', () => {
    expect(existsSync(join(dist, 'index.html')), `${dist} is missing: run npm run build first`).toBe(true);
    const output = execFileSync(join(web, '..', '..', 'node_modules', '.bin', 'cap'), ['sync'], {
      cwd: web,
      encoding: 'utf8',
      env: { ...process.env, CI: 'true', NO_COLOR: '1' },
      timeout: 60_000,
    });
    expect(output).toContain('Sync finished');

    const page = read(dist, 'index.html');
    expect(read(android, 'assets', 'public', 'index.html')).toBe(page);
    expect(read(ios, 'App', 'public', 'index.html')).toBe(page);
    for (const copied of [
      json(android, 'assets', 'capacitor.config.json'),
      json(ios, 'App', 'capacitor.config.json'),
    ]) {
      expect(copied).toMatchObject({
        appId: 'com.earningshub.app',
        appName: 'EarningsHub',
        webDir: 'dist',
        plugins: { PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] } },
      });
    }
    // Android: each plugin's Gradle project and class; iOS: each plugin's Swift package (no CocoaPods).
    const androidPlugins = json(android, 'assets', 'capacitor.plugins.json') as { pkg: string }[];
    expect(androidPlugins.map((plugin) => plugin.pkg).sort()).toEqual(PLUGINS);
    const settings = read(web, 'android', 'capacitor.settings.gradle');
    const packageSwift = read(ios, 'CapApp-SPM', 'Package.swift');
    for (const plugin of PLUGINS) {
      expect(settings).toContain(`node_modules/${plugin}/android`);
      expect(packageSwift).toContain(`node_modules/${plugin}"`);
    }
    expect(existsSync(join(ios, 'Podfile'))).toBe(false);

    // Everything sync wrote is either committed as it is or ignored (on a clean checkout, as in CI).
    expect(nativeChanges()).toBe('');
  }, 60_000);
});

describe('the native projects', () => {
  it('declare App Links and universal links on the deep-link host, push on both platforms, and the App Store bridge', () => {
    const manifest = read(android, 'AndroidManifest.xml');
    expect(manifest).toContain('android.permission.POST_NOTIFICATIONS');
    expect(manifest).toMatch(/<intent-filter android:autoVerify="true">[\s\S]*?android:host="\$\{deepLinkHost\}"/);
    expect(read(web, 'android', 'gradle.properties')).toMatch(/^deepLinkHost=\S+$/m);
    const entitlements = read(ios, 'App', 'App.entitlements');
    expect(entitlements).toContain('applinks:$(DEEP_LINK_HOST)');
    expect(entitlements).toContain('<key>aps-environment</key>');
    const project = read(ios, 'App.xcodeproj', 'project.pbxproj');
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App\.entitlements;/g)).toHaveLength(2);
    expect(project.match(/DEEP_LINK_HOST = \S+;/g)).toHaveLength(2);
    expect(project.match(/PRODUCT_BUNDLE_IDENTIFIER = com\.earningshub\.app;/g)).toHaveLength(2);
    expect(read(ios, 'App', 'AppDelegate.swift')).toContain('.capacitorDidRegisterForRemoteNotifications');
    // The App Store purchase bridge (src/platform/native/native-host.ts calls it EarningsHubStore): compiled into the
    // app and registered on the web view.
    expect(read(ios, 'App', 'EarningsHubStorePlugin.swift')).toContain('public let jsName = "EarningsHubStore"');
    expect(project).toMatch(/\/\* EarningsHubStorePlugin\.swift in Sources \*\/,\n/);
    expect(project).toMatch(/\/\* AppViewController\.swift in Sources \*\/,\n/);
    expect(read(ios, 'App', 'AppViewController.swift')).toContain('registerPluginInstance(EarningsHubStorePlugin())');
    expect(read(ios, 'App', 'SceneDelegate.swift')).toContain('rootViewController = AppViewController()');
  });
});

describe('icons and launch screens (scripts/native-assets.ts)', () => {
  const size = (file: string) => pngHeader(readFileSync(file));
  const res = join(android, 'res');

  it('are drawn at every Android density', () => {
    for (const [density, scale] of Object.entries(DENSITIES)) {
      const icon = LAUNCHER_DP * scale;
      for (const name of ['ic_launcher.png', 'ic_launcher_round.png']) {
        expect(size(join(res, `mipmap-${density}`, name))).toEqual({ width: icon, height: icon, colorType: 6 });
      }
      const layer = ADAPTIVE_DP * scale;
      expect(size(join(res, `mipmap-${density}`, 'ic_launcher_foreground.png'))).toMatchObject({ width: layer });
      const notification = NOTIFICATION_DP * scale;
      expect(size(join(res, `drawable-${density}`, 'ic_stat_notify.png'))).toMatchObject({ width: notification });
      const [width, height] = SPLASH_PORTRAIT[density as keyof typeof DENSITIES];
      expect(size(join(res, `drawable-port-${density}`, 'splash.png'))).toEqual({ width, height, colorType: 2 });
      expect(size(join(res, `drawable-land-${density}`, 'splash.png'))).toEqual({
        width: height,
        height: width,
        colorType: 2,
      });
    }
  });

  it('give iOS an opaque 1024 px icon in the brand green and the 2732 px launch image', () => {
    const iconFile = join(ios, 'App', 'Assets.xcassets', 'AppIcon.appiconset', 'AppIcon-512@2x.png');
    // The App Store refuses an app icon with an alpha channel: colour type 2 is RGB.
    expect(size(iconFile)).toEqual({ width: IOS_ICON, height: IOS_ICON, colorType: 2 });
    const icon = readPng(readFileSync(iconFile));
    expect([...icon.pixels.subarray(0, 4)]).toEqual([0x1b, 0x7f, 0x4b, 255]);
    const contents = json(ios, 'App', 'Assets.xcassets', 'AppIcon.appiconset', 'Contents.json') as {
      images: { filename?: string; size: string }[];
    };
    expect(contents.images).toContainEqual(
      expect.objectContaining({ filename: 'AppIcon-512@2x.png', size: '1024x1024' }),
    );
    for (const name of ['splash-2732x2732.png', 'splash-2732x2732-1.png', 'splash-2732x2732-2.png']) {
      expect(size(join(ios, 'App', 'Assets.xcassets', 'Splash.imageset', name))).toMatchObject({
        width: IOS_SPLASH,
        height: IOS_SPLASH,
      });
    }
  });

  it('round-trip through scripts/png.ts, which drops the alpha channel only when asked', () => {
    const pixels = Buffer.from([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 255]);
    const image = { width: 2, height: 2, pixels };
    expect(readPng(writePng(image, { alpha: true }))).toEqual(image);
    const opaque = readPng(writePng(image, { alpha: false }));
    expect(pngHeader(writePng(image, { alpha: false })).colorType).toBe(2);
    expect([...opaque.pixels]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 10, 20, 30, 255]);
  });
});
