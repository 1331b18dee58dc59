import type { NotificationProvider } from '@eh/domain';

/** One SMS transport. `to` is an E.164 number the user has verified. */
export interface SmsProvider {
  name: NotificationProvider;
  send(to: string, body: string): Promise<SmsAnswer>;
}

export interface SmsAnswer {
  ok: boolean;
  answer: string;
  retryable: boolean;
}
