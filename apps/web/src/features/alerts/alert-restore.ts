import type { addAlert, BodyOf } from '@eh/contracts';
import { ALERT_SETTINGS, type AlertSettings } from '@eh/domain';

/**
 * The add request that puts an alert back as it was: its symbol and every switch (SPEC §3), on or off, so the
 * server applies none of its saved preferences or defaults in their place. Nothing else of the alert: the add
 * body is strict.
 */
export function alertRestoreBody(alert: AlertSettings & { symbol: string }): BodyOf<typeof addAlert> {
  const body: BodyOf<typeof addAlert> = { symbol: alert.symbol };
  for (const setting of ALERT_SETTINGS) body[setting] = alert[setting];
  return body;
}
