/**
 * The iOS and Android shells (Capacitor 8, docs/native.md). The apps bundle the web build (webDir) and load it from
 * the device; API calls go to the server named at build time (VITE_API_BASE_URL, docs/native.md "Release build").
 * Read by `npx cap sync` from apps/web, which copies the build and this configuration into android/ and ios/.
 */
import type { CapacitorConfig } from '@capacitor/cli';

/** The brand green of public/logo.svg (app/theme.ts BRAND_GREEN.light): the splash and the launcher background. */
const BRAND_GREEN = '#1b7f4b';

const config: CapacitorConfig = {
  /** Android applicationId and iOS bundle id; the server's APPLE_BUNDLE_ID must be the same. */
  appId: 'com.earningshub.app',
  /** The display name (VITE_APP_NAME's default); the launcher label and the home-screen name. */
  appName: 'EarningsHub',
  /** Vite's build output (`npm run build`). */
  webDir: 'dist',
  /** Capacitor's logs in the device console from debug builds only. */
  loggingBehavior: 'debug',
  server: {
    // The bundled app is served from https://localhost on Android and capacitor://localhost on iOS (Capacitor's
    // defaults, written out: changing either moves the app's storage and cookies, so a user would be signed out).
    androidScheme: 'https',
    iosScheme: 'capacitor',
    hostname: 'localhost',
    // No `url`: a release loads the bundled files, never a live server (see docs/native.md for live reload).
  },
  android: {
    // Plain-http content inside the https page is blocked, as in a browser.
    allowMixedContent: false,
    // webContentsDebuggingEnabled is left unset: debuggable (chrome://inspect) in debug builds only.
  },
  ios: {
    // The web app lays itself out with env(safe-area-inset-*): the web view is not inset by iOS.
    contentInset: 'never',
    // webContentsDebuggingEnabled is left unset: inspectable (Safari's Develop menu) in debug builds only.
  },
  plugins: {
    PushNotifications: {
      // A push that arrives while the app is in front is still shown (banner, sound, badge), as in the background.
      presentationOptions: ['badge', 'sound', 'alert'],
    },
    SplashScreen: {
      // Shown while the web view starts, hidden on its own after half a second (the app may hide it sooner).
      launchShowDuration: 500,
      launchAutoHide: true,
      launchFadeOutDuration: 200,
      backgroundColor: BRAND_GREEN,
      showSpinner: false,
      androidScaleType: 'CENTER_INSIDE',
      splashFullScreen: false,
      splashImmersive: false,
    },
    StatusBar: {
      // The page starts below the status bar, not under it; src/platform/ sets the bar's style (and on Android its
      // colour) to follow the light or dark theme once the app has painted. Until then: the light nav bar's white.
      overlaysWebView: false,
      style: 'DEFAULT',
      backgroundColor: '#ffffff',
    },
  },
};

export default config;
