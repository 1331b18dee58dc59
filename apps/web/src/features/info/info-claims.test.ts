/**
 * The FAQ and About promised live calls, native apps and cancelling from the profile, none of which exist
 * yet (and alerts by email, push and SMS before they were built). Their words must say what is true today.
 */
import { REFUND_WINDOW_DAYS, TEST_BILLING_LABEL } from '@eh/domain';
import { describe, expect, it } from 'vitest';
import { ABOUT_AUDIENCE, ABOUT_DATA, ABOUT_FEATURES } from './about-content.ts';
import { FAQ } from './faq-content.ts';

const faqText = FAQ.flatMap((group) => group.entries.flatMap((entry) => [entry.question, ...entry.answer])).join('\n');
const aboutText = [...ABOUT_FEATURES.flatMap((f) => [f.heading, f.text]), ABOUT_AUDIENCE, ABOUT_DATA].join('\n');

/** Claims that are false today, each as a pattern that catches its wording. */
const FALSE_CLAIMS: [string, RegExp][] = [
  ['live calls play', /\b(live calls play|listen to earnings calls as they happen|live transcript and comments)/i],
  ['push in native apps', /\b(push notifications? (in|on) (the|our) (ios|android|native|mobile) app)/i],
  ['native apps exist', /\b(yes, \S+ runs on ios|as apps for ios|the apps add push)/i],
  ['cancel from the profile', /\bfrom your profile, under your subscription/i],
  ['bought in the iOS app', /\bbought in the ios app/i],
  ['a FINRA provider', /\bFINRA\b/],
  ['within a minute', /\bwithin a minute\b/i],
];

describe('FAQ and About', () => {
  it.each(FALSE_CLAIMS)('do not claim %s', (_name, pattern) => {
    expect(faqText).not.toMatch(pattern);
    expect(aboutText).not.toMatch(pattern);
  });

  it('say plainly what does not exist yet', () => {
    for (const text of [faqText, aboutText]) {
      expect(text).toMatch(/Alerts arrive by email, [^.]*push notification/);
      expect(text).toMatch(/no iOS or Android app/);
    }
    // Live calls exist: a live transcript and comments, audio where a call streams; demo replays.
    for (const text of [faqText, aboutText]) {
      expect(text).not.toMatch(/live (audio|transcripts?)[^.]*not available yet/i);
      expect(text).toMatch(/the transcript as it is spoken/);
      expect(text).toMatch(/replays one of its recorded calls every two minutes/);
    }
  });

  it('say how plans are bought, canceled and refunded, never that nothing can be bought', () => {
    for (const text of [faqText, aboutText])
      expect(text).not.toMatch(/can’t be bought online yet|no subscription to cancel/);
    expect(aboutText).toMatch(/Plans are bought here by card/);
    expect(faqText).toContain(`“${TEST_BILLING_LABEL}”`);
    expect(faqText).toMatch(/plan stays until the end of the period you paid for/);
    expect(faqText).toContain(`refunded within ${REFUND_WINDOW_DAYS} days`);
  });
});
