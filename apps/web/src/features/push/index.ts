/** The push feature's public face: what other features use of it. */
export { BrowserNotificationsSetting } from './browser-notifications-setting.tsx';
