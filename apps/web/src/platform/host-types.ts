/** The platform host's interface (host.ts loads the implementation: web-host.ts or native/native-host.ts). */
import type { ClientPlatform } from '@eh/contracts';

/** What the host calls back into the app with (wired by app/app-host-start.ts). */
export interface HostApp {
  /** Opens an in-app path ('/quote/AAPL?x=1#y') with the router. */
  navigate(path: string): void;
  /** The app went to the background (true) or came back (false): the live socket pauses meanwhile. */
  setBackground(background: boolean): void;
  /** The current theme and its changes: the status bar's text follows it. */
  themeMode(): 'light' | 'dark';
  onThemeChange(listener: (mode: 'light' | 'dark') => void): void;
}

/** The OS's notification permission: 'prompt' until the user answered the system dialog. */
export type PushPermission = 'granted' | 'denied' | 'prompt' | 'unsupported';

export interface PushHost {
  permission(): Promise<PushPermission>;
  /** Shows the system's permission dialog (only ever after our own prompt's OK). */
  request(): Promise<'granted' | 'denied'>;
  /** Registers with the platform's push service: the device token and the appName it is filed under (0018). */
  register(): Promise<{ token: string; appName: string }>;
}

/** What a store purchase hands back: the App Store's transaction, for the server's Apple path (decision 0022). */
export interface PurchaseResult {
  outcome: 'purchased' | 'pending' | 'cancelled';
  productId?: string;
  transactionId?: string;
  originalTransactionId?: string;
}

export interface PurchaseHost {
  /** Whether this platform sells plans in its own store (iOS only: the server has an App Store path, no Play path). */
  readonly available: boolean;
  /**
   * Buys `productId` (an App Store product id of APPLE_PRODUCT_IDS) tagged with the account's `appAccountToken`
   * (GET /core/users/me/subscription), so the App Store's notifications name this account.
   */
  purchase(request: { productId: string; appAccountToken: string }): Promise<PurchaseResult>;
}

export interface PlatformHost {
  readonly kind: ClientPlatform;
  /** Status bar and safe areas, the back button, deep links, app state: wired once, after the first paint. */
  start(app: HostApp): Promise<void>;
  readonly push: PushHost;
  readonly purchases: PurchaseHost;
}
