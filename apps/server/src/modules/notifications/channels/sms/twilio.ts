/**
 * Twilio's Programmable Messaging: POST {TWILIO_BASE_URL}/2010-04-01/Accounts/{sid}/Messages.json, form-encoded
 * To, From (or MessagingServiceSid for an MG… sender) and Body, HTTP basic auth with the account SID and auth token.
 * 201 with the message's sid is accepted; 429 and 5xx are retried; other 4xx (an invalid or opted-out number, bad
 * credentials) are permanent, with Twilio's error code kept in the answer.
 */
import type { Config } from '../../../../config.ts';
import type { SmsAnswer, SmsProvider } from './provider.ts';

export function twilioProvider(config: Config): SmsProvider | null {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: secret, TWILIO_FROM: from } = config;
  if (!sid || !secret || !from) return null;
  const url = `${config.TWILIO_BASE_URL.replace(/\/$/, '')}/2010-04-01/Accounts/${sid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${sid}:${secret}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send(to, body): Promise<SmsAnswer> {
      const form = new URLSearchParams({ To: to, Body: body });
      form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(config.PROVIDER_TIMEOUT_MS),
        });
      } catch (error) {
        const reason =
          error instanceof Error ? (error.name === 'TimeoutError' ? 'timed out' : error.message) : String(error);
        return { ok: false, answer: `twilio: ${reason}`, retryable: true };
      }
      const json = (await res.json().catch(() => ({}))) as {
        sid?: string;
        status?: string;
        code?: number;
        message?: string;
      };
      if (res.ok)
        return {
          ok: true,
          answer: `twilio ${res.status} ${json.sid ?? ''} ${json.status ?? ''}`.trim(),
          retryable: false,
        };
      const detail = [json.code, json.message].filter(Boolean).join(' ');
      return {
        ok: false,
        answer: `twilio ${res.status}${detail ? ` ${detail}` : ''}`,
        retryable: res.status === 429 || res.status >= 500,
      };
    },
  };
}
