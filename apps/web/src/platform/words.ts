/** What the platform's own screens say (DESIGN §7: every SPEC string named once). */

/** SPEC §4: the native push prompt. */
export const PUSH_PROMPT_TITLE = 'Please turn on notifications';
export const PUSH_PROMPT_TEXT = 'Get alerts for earnings directly in the app.';
export const PUSH_PROMPT_OK = 'OK';
export const PUSH_PROMPT_NOT_NOW = 'Not now';

/** The native tab bar's name for assistive technology. */
export const TAB_BAR_LABEL = 'Main';

/** The web's mobile-app prompt, for phone visitors. */
export const APP_PROMPT_TITLE = (appName: string, stores: { appStore: boolean; googlePlay: boolean }) =>
  `${appName} for ${stores.appStore && stores.googlePlay ? 'iPhone and Android' : stores.appStore ? 'iPhone' : 'Android'}`;
export const APP_PROMPT_TEXT = 'Alerts for earnings and live calls, straight to your phone.';
export const APP_PROMPT_APP_STORE = 'App Store';
export const APP_PROMPT_GOOGLE_PLAY = 'Google Play';
export const APP_PROMPT_CLOSE = 'Close the app offer';
