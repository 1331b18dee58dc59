import { describe, expect, it } from 'vitest';
import { type AccountMail, accountMailWords, dayOf, type Payer, renderAccountMail } from './messages.ts';

const APP = 'EarningsHub';
const person: Payer = { kind: 'person' };
const team: Payer = { kind: 'team', name: 'Acme Research' };
const paidAt = new Date('2026-11-29T15:04:05Z');
const yearOn = new Date('2027-11-29T15:04:05Z');

const receipt: AccountMail = {
  kind: 'receipt',
  plan: 'earningshub_pro',
  interval: 'yearly',
  provider: 'stripe',
  amount: 23988,
  currency: 'usd',
  paidAt,
  period: { at: yearOn, renews: true },
  receiptUrl: null,
};

/** One of each kind, with the subject it gets. */
const SUBJECTS: [AccountMail, Payer, string][] = [
  [receipt, person, 'Your EarningsHub receipt: $239.88 for Pro (yearly)'],
  [
    {
      kind: 'refund',
      plan: 'earningshub_plus',
      interval: 'monthly',
      amount: 999,
      currency: 'usd',
      paidAt,
      refundedAt: new Date('2026-12-01T09:00:00Z'),
      planEnded: true,
    },
    person,
    'Refund of $9.99 for your Plus plan',
  ],
  [
    { kind: 'canceled', plan: 'earningshub_pro', interval: 'yearly', accessUntil: yearOn },
    person,
    'Pro subscription canceled: access until Nov 29, 2027',
  ],
  [
    {
      kind: 'reactivated',
      plan: 'earningshub_team',
      interval: 'monthly',
      amount: 7500,
      currency: 'usd',
      nextChargeAt: yearOn,
    },
    team,
    'Team subscription reactivated',
  ],
  [
    {
      kind: 'paymentFailed',
      plan: 'earningshub_pro',
      interval: 'monthly',
      provider: 'test',
      amount: 2499,
      currency: 'usd',
      failedAt: paidAt,
    },
    person,
    'Payment failed: $24.99 for your Pro plan',
  ],
  [
    {
      kind: 'planChanged',
      from: { plan: 'earningshub_plus', interval: 'monthly' },
      to: { plan: 'earningshub_pro', interval: 'yearly' },
      price: 23988,
      dueNow: 23000,
      credit: 988,
      currency: 'usd',
      changedAt: paidAt,
      nextChargeAt: yearOn,
    },
    person,
    'Your plan changed: Plus → Pro',
  ],
  [
    {
      kind: 'inviteAccepted',
      team: 'Acme Research',
      member: 'jane@example.com',
      role: 'member',
      seatsUsed: 3,
      licences: 5,
    },
    person,
    'jane@example.com joined your team Acme Research',
  ],
  [
    { kind: 'removedFromTeam', team: 'Acme Research', removedAt: paidAt },
    person,
    'You were removed from the team Acme Research',
  ],
  [
    { kind: 'affiliateDecided', decision: 'approved', code: 'EH7K2Q', commissionPercent: 20, settleDays: 14 },
    person,
    'Your EarningsHub affiliate request is approved',
  ],
  [
    { kind: 'affiliateDecided', decision: 'rejected', code: 'EH7K2Q', commissionPercent: 20, settleDays: 14 },
    person,
    'Your EarningsHub affiliate request was not approved',
  ],
  [
    { kind: 'affiliateDecided', decision: 'revoked', code: 'EH7K2Q', commissionPercent: 20, settleDays: 14 },
    person,
    'Your EarningsHub affiliate membership was revoked',
  ],
];

const words = (mail: AccountMail, payer: Payer = person) => accountMailWords(mail, payer, APP);
const fact = (mail: AccountMail, label: string, payer: Payer = person) =>
  words(mail, payer).facts.find(([name]) => name === label)?.[1];

describe(accountMailWords.name, () => {
  for (const [mail, payer, subject] of SUBJECTS) {
    const label = mail.kind === 'affiliateDecided' ? `${mail.kind} (${mail.decision})` : mail.kind;
    it(`${label}: "${subject}"`, () => {
      expect(words(mail, payer).title).toBe(subject);
    });
  }

  it('a receipt says the amount, plan, interval, date, provider and the next charge, and links to the profile', () => {
    const w = words(receipt);
    expect(w.facts).toEqual([
      ['Amount', '$239.88'],
      ['Plan', 'Pro, yearly'],
      ['Paid on', 'Nov 29, 2026'],
      ['Payment', 'Card, through Stripe'],
      ['Next charge', 'Nov 29, 2027'],
    ]);
    expect(w.lines[0]).toBe('Thank you: we received $239.88 for your Pro plan, billed yearly.');
    expect(w).toMatchObject({ path: '/profile', linkLabel: 'Manage your subscription' });
    expect(w.reason).toBe('You get this email because you have a subscription on EarningsHub.');
  });

  it('a team’s receipt names the team, goes by its billing email and links to the team page', () => {
    const ending: AccountMail = { ...receipt, plan: 'earningshub_team', period: { at: yearOn, renews: false } };
    const w = words(ending, team);
    expect(w.lines[0]).toBe('Thank you: we received $239.88 for the team Acme Research’s Team plan, billed yearly.');
    // Set to cancel at the period end: no next charge, the end instead.
    expect(w.lines[1]).toBe('The subscription is set to end on Nov 29, 2027: there are no further charges.');
    expect(fact(ending, 'Next charge', team)).toBeUndefined();
    expect(fact(ending, 'Ends on', team)).toBe('Nov 29, 2027');
    expect(w.path).toBe('/team');
    expect(w.reason).toBe('You get this email because this address is the billing email of the team Acme Research.');
  });

  it('a receipt names the provider’s own receipt page when there is one', () => {
    const w = words({ ...receipt, receiptUrl: 'https://pay.stripe.com/receipts/abc' });
    expect(w.lines).toContain('The payment provider’s receipt: https://pay.stripe.com/receipts/abc');
  });

  it('a refund says the amount, the payment it returns, and that the plan ended with it', () => {
    const [refund] = SUBJECTS[1] as [AccountMail, Payer, string];
    const w = words(refund);
    expect(w.lines[0]).toBe('We refunded $9.99, the payment of Nov 29, 2026 for your Plus plan.');
    expect(w.lines).toContain('Your subscription ended with the refund: your account is on the Free plan now.');
    expect(fact(refund, 'Refunded on')).toBe('Dec 1, 2026');
    const kept = words({ ...refund, planEnded: false } as AccountMail);
    expect(kept.lines.some((line) => line.includes('ended with the refund'))).toBe(false);
  });

  it('a cancel says until when the features stay; without a known end it says so in words', () => {
    const [cancel] = SUBJECTS[2] as [AccountMail, Payer, string];
    expect(words(cancel).lines).toEqual([
      'Your Pro plan (yearly) will not renew.',
      'The features stay on until Nov 29, 2027, the end of the period already paid for; there are no further charges.',
      'Changed your mind? Reactivate it before then, and it renews as before.',
    ]);
    const open = words({ ...cancel, accessUntil: null } as AccountMail);
    expect(open.title).toBe('Pro subscription canceled');
    expect(open.facts).toEqual([['Plan', 'Pro, yearly']]);
  });

  it('a reactivation gives the price per period and the next charge', () => {
    const [back, payer] = SUBJECTS[3] as [AccountMail, Payer, string];
    expect(words(back, payer).lines).toEqual([
      'The team Acme Research’s Team plan renews again, at $75 a month.',
      'The next charge is on Nov 29, 2027.',
    ]);
  });

  it('a failed payment says what to do: the card and Pay now, the team’s billing, or the Apple account', () => {
    const [failed] = SUBJECTS[4] as [AccountMail, Payer, string];
    expect(words(failed).lines.at(-1)).toContain('choose Pay now');
    expect(words(failed).lines).toContain('Until it is paid, the paid features are off.');
    expect(words(failed, team).lines.at(-1)).toContain('open the team’s billing');
    expect(words({ ...failed, provider: 'apple' } as AccountMail).lines.at(-1)).toContain('Apple account');
    expect(fact(failed, 'Amount due')).toBe('$24.99');
  });

  it('a plan change says old → new, the new price, what is charged now and the credit', () => {
    const [change] = SUBJECTS[5] as [AccountMail, Payer, string];
    const w = words(change);
    expect(w.lines).toEqual([
      'Your subscription changed from Plus (monthly) to Pro (yearly) on Nov 29, 2026.',
      'The new plan costs $239.88 a year; $230 is charged now (the receipt follows).',
      'The unused part of Plus took $9.88 off.',
      'The Plus (monthly) subscription ends: it is not charged again.',
    ]);
    expect(fact(change, 'Next charge')).toBe('Nov 29, 2027');
    const interval: AccountMail = {
      ...(change as Extract<AccountMail, { kind: 'planChanged' }>),
      from: { plan: 'earningshub_team', interval: 'monthly' },
      to: { plan: 'earningshub_team', interval: 'yearly' },
      credit: 0,
    };
    expect(words(interval, team).title).toBe('Your Team plan is now billed yearly');
    expect(words(interval, team).lines.some((line) => line.startsWith('The unused part'))).toBe(false);
  });

  it('team emails: the owner hears who took a seat, the member that the team’s features ended', () => {
    const [joined] = SUBJECTS[6] as [AccountMail, Payer, string];
    expect(words(joined).lines[1]).toBe('The team uses 3 of its 5 licences (members and pending invites).');
    expect(words(joined)).toMatchObject({
      path: '/team',
      reason: 'You get this email because you own the team Acme Research.',
    });
    const [removed] = SUBJECTS[7] as [AccountMail, Payer, string];
    expect(words(removed).lines[0]).toBe(
      'You are no longer a member of Acme Research since Nov 29, 2026: the Team plan’s features it gave you have ended.',
    );
    expect(words(removed).path).toBe('/profile');
  });

  it('an approval gives the code, the commission and when it settles; every decision links to the program', () => {
    const [approved] = SUBJECTS[8] as [AccountMail, Payer, string];
    expect(words(approved).facts).toEqual([
      ['Your code', 'EH7K2Q'],
      ['Commission', '20%'],
      ['Settles after', '14 days'],
    ]);
    for (const [mail] of SUBJECTS.slice(8)) expect(words(mail).path).toBe('/affiliate-program');
  });
});

describe(renderAccountMail.name, () => {
  const site = { appName: APP, publicUrl: 'https://eh.example/' };

  it('renders both parts from the same words, with the link to the page and no unsubscribe link', () => {
    const email = renderAccountMail(receipt, person, site);
    expect(email.subject).toBe('Your EarningsHub receipt: $239.88 for Pro (yearly)');
    expect(email.text).toContain('Amount: $239.88\nPlan: Pro, yearly\nPaid on: Nov 29, 2026');
    expect(email.text).toContain('Manage your subscription: https://eh.example/profile\n');
    expect(email.html).toContain('href="https://eh.example/profile"');
    expect(email.html).toContain('>Next charge</td><td style="padding:4px 0;font-weight:bold">Nov 29, 2027</td>');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('You get this email because you have a subscription on EarningsHub.');
      expect(part).not.toContain('Unsubscribe');
    }
  });

  it('escapes a team’s name in the HTML part only', () => {
    const email = renderAccountMail(receipt, { kind: 'team', name: 'R&D <Desk>' }, site);
    expect(email.html).toContain('the team R&amp;D &lt;Desk&gt;’s Pro plan');
    expect(email.html).not.toContain('<Desk>');
    expect(email.text).toContain('the team R&D <Desk>’s Pro plan');
  });
});

describe(dayOf.name, () => {
  it('is the calendar day in UTC, as providers bill, in en-US words', () => {
    expect(dayOf(new Date('2026-11-29T23:59:59Z'))).toBe('Nov 29, 2026');
    expect(dayOf(new Date('2027-01-01T00:00:00Z'))).toBe('Jan 1, 2027');
  });
});
