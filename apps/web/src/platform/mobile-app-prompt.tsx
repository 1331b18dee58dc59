import { isNative } from './platform.ts';

/**
 * The mobile-app prompt slot of the layout (SPEC §2: shown on native). Its rules (push permission at most 3
 * times, 14 days apart; SPEC §4) arrive with the native issue; on the web the slot renders nothing.
 */
export function MobileAppPrompt() {
  if (!isNative()) return null;
  return null;
}
