import { DELIVERY_SKIPS, type DeliveryStatus, type NotificationChannel, QUIET_HOURS_HOLD } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { deliveryNote } from './notifications-text.ts';

const entry = (
  status: DeliveryStatus,
  channel: NotificationChannel,
  provider: string | null,
  providerAnswer: string | null,
) => ({ status, channel, provider, providerAnswer });

describe(deliveryNote.name, () => {
  it('says why a delivery was not sent in the reader’s words, never the log’s', () => {
    const notes = Object.values(DELIVERY_SKIPS).map((answer) => deliveryNote(entry('skipped', 'push', null, answer)));
    for (const note of notes) expect(note).toMatch(/^[A-Z].*\.$/);
    expect(new Set(notes).size).toBe(notes.length);
    expect(deliveryNote(entry('skipped', 'push', null, DELIVERY_SKIPS.noPushToken))).toBe(
      'None of your devices has push notifications turned on.',
    );
  });

  it('tells when a held message goes out', () => {
    expect(deliveryNote(entry('queued', 'sms', null, `${QUIET_HOURS_HOLD}07:00 (America/New_York)`))).toBe(
      'Held for your quiet hours: it goes out at 07:00 (America/New_York).',
    );
  });

  it('says where the local mailbox kept a message no provider carried', () => {
    expect(deliveryNote(entry('sent', 'email', 'mailbox', 'kept in the local mailbox (message 6)'))).toBe(
      'Kept in this server’s local mailbox: it has no mail server to send it with.',
    );
    expect(
      deliveryNote(entry('sent', 'sms', 'mailbox', 'kept in the local mailbox (outbox #7): no SMS provider')),
    ).toBe('Kept in this server’s local mailbox: it has no text message service to send it with.');
  });

  it('names who refused a failed delivery, and adds nothing to one a provider carried', () => {
    expect(deliveryNote(entry('failed', 'email', 'smtp', '550 mailbox unavailable'))).toBe(
      'The mail server answered: 550 mailbox unavailable',
    );
    expect(deliveryNote(entry('sent', 'email', 'smtp', '250 OK'))).toBeNull();
    expect(deliveryNote(entry('sent', 'push', 'webpush', null))).toBeNull();
  });
});
