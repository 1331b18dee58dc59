/**
 * The browser's side of the platform interface. The browser has no status bar, back button or app state of its
 * own to wire (the live socket already pauses on `visibilitychange`), and no store to buy in. Web push is the
 * profile's "Browser notifications" (features/push), asked for only from the user's click, never prompted for at
 * login: `register` is not how the web subscribes.
 */
import type { PlatformHost, PushPermission } from './host-types.ts';

function notificationPermission(): PushPermission {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.permission === 'default' ? 'prompt' : Notification.permission;
}

export const webHost: PlatformHost = {
  kind: 'web',
  start: async () => undefined,
  push: {
    permission: async () => notificationPermission(),
    request: async () => ((await Notification.requestPermission()) === 'granted' ? 'granted' : 'denied'),
    register: async () => {
      throw new Error('Browsers subscribe from the profile (features/push), not through the platform host');
    },
  },
  purchases: {
    available: false,
    purchase: async () => {
      throw new Error('Plans are bought on the pricing page in a browser, not in an app store');
    },
  },
};
