/**
 * What each account email says: a receipt, a refund, a cancel and a reactivation, a failed payment, a change of
 * plan, a member joining a team, a removal from one, and a decision on an affiliate request. Pure functions of the
 * facts the billing, teams and affiliates services hand over; figures through @eh/domain's formatters (money as
 * the plan screens show it, dates en-US), so an email never says an amount or a date otherwise than the page it
 * links to.
 */
import {
  ACCOUNT_PAGE_PATHS,
  type AffiliateDecision,
  type BillingInterval,
  type BillingProviderName,
  formatCents,
  formatDate,
  type InviteRole,
  isPlan,
  PLAN_NAMES,
} from '@eh/domain';
import { type RenderedEmail, renderEmail } from '../channels/email-template.ts';

/**
 * Whom an email about a subscription is for: a person (their profile shows the plan and its billing) or a team (its
 * billing email gets it; its page manages the billing).
 */
export type Payer = { kind: 'person' } | { kind: 'team'; name: string };

/** A plan as a subscription holds it: the plan's id (shown by its name) and how often it is billed. */
export interface PlanTerm {
  plan: string;
  interval: BillingInterval;
}

/** What happens at the end of the paid period: a charge (renews), or the end of the subscription. */
export interface PeriodEnd {
  at: Date | null;
  renews: boolean;
}

export type AccountMail =
  | (PlanTerm & {
      kind: 'receipt';
      provider: BillingProviderName;
      amount: number;
      currency: string;
      paidAt: Date;
      period: PeriodEnd;
      /** The provider's own receipt or invoice page, when it names one. */
      receiptUrl: string | null;
    })
  | (PlanTerm & {
      kind: 'refund';
      amount: number;
      currency: string;
      paidAt: Date;
      refundedAt: Date;
      /** The refund ended the subscription it paid for (a refund asked for in the app always does). */
      planEnded: boolean;
    })
  | (PlanTerm & { kind: 'canceled'; accessUntil: Date | null })
  | (PlanTerm & { kind: 'reactivated'; amount: number; currency: string; nextChargeAt: Date | null })
  | (PlanTerm & {
      kind: 'paymentFailed';
      provider: BillingProviderName;
      amount: number;
      currency: string;
      failedAt: Date;
    })
  | {
      kind: 'planChanged';
      from: PlanTerm;
      to: PlanTerm;
      /** Each period's price of the new plan, and what was charged for the first. */
      price: number;
      dueNow: number;
      /** What the unused part of the old plan took off the first charge. */
      credit: number;
      currency: string;
      changedAt: Date;
      nextChargeAt: Date | null;
    }
  | { kind: 'inviteAccepted'; team: string; member: string; role: InviteRole; seatsUsed: number; licences: number }
  | { kind: 'removedFromTeam'; team: string; removedAt: Date }
  | {
      kind: 'affiliateDecided';
      decision: AffiliateDecision;
      code: string;
      commissionPercent: number;
      settleDays: number;
    };

export type AccountMailKind = AccountMail['kind'];

/** An account email's words, before the template renders them. */
export interface AccountMailWords {
  /** Subject and heading. */
  title: string;
  lines: string[];
  facts: [label: string, value: string][];
  /** The page that manages what the email is about (a path on this product). */
  path: string;
  linkLabel: string;
  /** The footer's sentence: why this address gets it. */
  reason: string;
}

const PER_INTERVAL: Readonly<Record<BillingInterval, string>> = { monthly: 'a month', yearly: 'a year' };

/** How the payment was made, in the words of the charge history. */
const PROVIDER_WORDS: Readonly<Record<BillingProviderName, string>> = {
  stripe: 'Card, through Stripe',
  test: 'Test billing (no card is charged)',
  apple: 'App Store',
};

const ROLE_WORDS: Readonly<Record<InviteRole, string>> = { admin: 'an admin', member: 'a member' };

/** A calendar day of an instant, as the server writes dates: 'Nov 29, 2026' (the day in UTC, as providers bill). */
export function dayOf(instant: Date): string {
  return formatDate(instant.toISOString().slice(0, 10));
}

export function planName(plan: string): string {
  return isPlan(plan) ? PLAN_NAMES[plan] : plan;
}

/** 'Pro, yearly'. */
function planTerm(term: PlanTerm): string {
  return `${planName(term.plan)}, ${term.interval}`;
}

/** '$239.88 a year'. */
function pricePer(cents: number, currency: string, interval: BillingInterval): string {
  return `${formatCents(cents, currency)} ${PER_INTERVAL[interval]}`;
}

/** The subscription's owner as the sentences name it: 'your Pro plan', 'the team Acme’s Team plan'. */
function whose(payer: Payer, plan: string): string {
  return payer.kind === 'team' ? `the team ${payer.name}’s ${planName(plan)} plan` : `your ${planName(plan)} plan`;
}

/** The billing page of the payer, and why this address gets the email. */
function billingPage(payer: Payer, appName: string) {
  return payer.kind === 'team'
    ? {
        path: ACCOUNT_PAGE_PATHS.team,
        linkLabel: 'Open the team’s billing',
        reason: `You get this email because this address is the billing email of the team ${payer.name}.`,
      }
    : {
        path: ACCOUNT_PAGE_PATHS.profile,
        linkLabel: 'Manage your subscription',
        reason: `You get this email because you have a subscription on ${appName}.`,
      };
}

function receipt(mail: Extract<AccountMail, { kind: 'receipt' }>, payer: Payer, appName: string): AccountMailWords {
  const paid = formatCents(mail.amount, mail.currency);
  const end = mail.period.at ? dayOf(mail.period.at) : null;
  const next: [string, string][] = end ? [[mail.period.renews ? 'Next charge' : 'Ends on', end]] : [];
  return {
    title: `Your ${appName} receipt: ${paid} for ${planName(mail.plan)} (${mail.interval})`,
    lines: [
      `Thank you: we received ${paid} for ${whose(payer, mail.plan)}, billed ${mail.interval}.`,
      ...(end && !mail.period.renews
        ? [`The subscription is set to end on ${end}: there are no further charges.`]
        : []),
      ...(mail.receiptUrl ? [`The payment provider’s receipt: ${mail.receiptUrl}`] : []),
    ],
    facts: [
      ['Amount', paid],
      ['Plan', planTerm(mail)],
      ['Paid on', dayOf(mail.paidAt)],
      ['Payment', PROVIDER_WORDS[mail.provider]],
      ...next,
    ],
    ...billingPage(payer, appName),
  };
}

function refund(mail: Extract<AccountMail, { kind: 'refund' }>, payer: Payer, appName: string): AccountMailWords {
  const amount = formatCents(mail.amount, mail.currency);
  const ended =
    payer.kind === 'team'
      ? 'The team’s subscription ended with the refund: its members no longer have the Team plan’s features.'
      : 'Your subscription ended with the refund: your account is on the Free plan now.';
  return {
    title: `Refund of ${amount} for ${whose(payer, mail.plan)}`,
    lines: [
      `We refunded ${amount}, the payment of ${dayOf(mail.paidAt)} for ${whose(payer, mail.plan)}.`,
      'It goes back to the card or account it was paid with; the bank may take a few days to show it.',
      ...(mail.planEnded ? [ended] : []),
    ],
    facts: [
      ['Refunded', amount],
      ['Plan', planTerm(mail)],
      ['Paid on', dayOf(mail.paidAt)],
      ['Refunded on', dayOf(mail.refundedAt)],
    ],
    ...billingPage(payer, appName),
  };
}

function canceled(mail: Extract<AccountMail, { kind: 'canceled' }>, payer: Payer, appName: string): AccountMailWords {
  const until = mail.accessUntil ? dayOf(mail.accessUntil) : null;
  const keep = until
    ? `The features stay on until ${until}, the end of the period already paid for; there are no further charges.`
    : 'The features stay on until the end of the period already paid for; there are no further charges.';
  return {
    title: until
      ? `${planName(mail.plan)} subscription canceled: access until ${until}`
      : `${planName(mail.plan)} subscription canceled`,
    lines: [
      `${capitalized(whose(payer, mail.plan))} (${mail.interval}) will not renew.`,
      keep,
      'Changed your mind? Reactivate it before then, and it renews as before.',
    ],
    facts: [['Plan', planTerm(mail)], ...(until ? [['Access until', until] as [string, string]] : [])],
    ...billingPage(payer, appName),
  };
}

function reactivated(
  mail: Extract<AccountMail, { kind: 'reactivated' }>,
  payer: Payer,
  appName: string,
): AccountMailWords {
  const next = mail.nextChargeAt ? dayOf(mail.nextChargeAt) : null;
  const price = pricePer(mail.amount, mail.currency, mail.interval);
  return {
    title: `${planName(mail.plan)} subscription reactivated`,
    lines: [
      `${capitalized(whose(payer, mail.plan))} renews again, at ${price}.`,
      next ? `The next charge is on ${next}.` : 'The next charge is at the end of the current period.',
    ],
    facts: [['Plan', planTerm(mail)], ['Price', price], ...(next ? [['Next charge', next] as [string, string]] : [])],
    ...billingPage(payer, appName),
  };
}

function paymentFailed(
  mail: Extract<AccountMail, { kind: 'paymentFailed' }>,
  payer: Payer,
  appName: string,
): AccountMailWords {
  const amount = formatCents(mail.amount, mail.currency);
  const todo =
    mail.provider === 'apple'
      ? 'What to do: update the payment method of your Apple account (Settings, your name, Payment & Shipping); the App Store tries again on its own.'
      : payer.kind === 'team'
        ? 'What to do: open the team’s billing, check the team’s card (add a new one if it expired or was replaced), and pay the open payment.'
        : 'What to do: open Manage subscription on your profile, check your card (add a new one if it expired or was replaced), and choose Pay now.';
  const off =
    payer.kind === 'team'
      ? 'Until it is paid, the team’s members do not have the paid features.'
      : 'Until it is paid, the paid features are off.';
  return {
    title: `Payment failed: ${amount} for ${whose(payer, mail.plan)}`,
    lines: [`We could not take the payment of ${amount} for ${whose(payer, mail.plan)} (${mail.interval}).`, off, todo],
    facts: [
      ['Amount due', amount],
      ['Plan', planTerm(mail)],
      ['Failed on', dayOf(mail.failedAt)],
      ['Payment', PROVIDER_WORDS[mail.provider]],
    ],
    ...billingPage(payer, appName),
  };
}

function planChanged(
  mail: Extract<AccountMail, { kind: 'planChanged' }>,
  payer: Payer,
  appName: string,
): AccountMailWords {
  const price = pricePer(mail.price, mail.currency, mail.to.interval);
  const next = mail.nextChargeAt ? dayOf(mail.nextChargeAt) : null;
  const from = `${planName(mail.from.plan)} (${mail.from.interval})`;
  const to = `${planName(mail.to.plan)} (${mail.to.interval})`;
  const credit =
    mail.credit > 0
      ? [`The unused part of ${planName(mail.from.plan)} took ${formatCents(mail.credit, mail.currency)} off.`]
      : [];
  return {
    title:
      mail.from.plan === mail.to.plan
        ? `Your ${planName(mail.to.plan)} plan is now billed ${mail.to.interval}`
        : `Your plan changed: ${planName(mail.from.plan)} → ${planName(mail.to.plan)}`,
    lines: [
      payer.kind === 'team'
        ? `The team ${payer.name}’s subscription changed from ${from} to ${to} on ${dayOf(mail.changedAt)}.`
        : `Your subscription changed from ${from} to ${to} on ${dayOf(mail.changedAt)}.`,
      `The new plan costs ${price}; ${formatCents(mail.dueNow, mail.currency)} is charged now (the receipt follows).`,
      ...credit,
      `The ${from} subscription ends: it is not charged again.`,
    ],
    facts: [
      ['Before', planTerm(mail.from)],
      ['Now', planTerm(mail.to)],
      ['Price', price],
      ['Charged now', formatCents(mail.dueNow, mail.currency)],
      ...(next ? [['Next charge', next] as [string, string]] : []),
    ],
    ...billingPage(payer, appName),
  };
}

function inviteAccepted(mail: Extract<AccountMail, { kind: 'inviteAccepted' }>): AccountMailWords {
  const licences = `${mail.licences} ${mail.licences === 1 ? 'licence' : 'licences'}`;
  return {
    title: `${mail.member} joined your team ${mail.team}`,
    lines: [
      `${mail.member} accepted the invite and joined ${mail.team} as ${ROLE_WORDS[mail.role]}: they have the Team plan’s features now.`,
      `The team uses ${mail.seatsUsed} of its ${licences} (members and pending invites).`,
    ],
    facts: [
      ['Member', mail.member],
      ['Role', mail.role],
      ['Seats used', `${mail.seatsUsed} of ${mail.licences}`],
    ],
    path: ACCOUNT_PAGE_PATHS.team,
    linkLabel: 'Open your team',
    reason: `You get this email because you own the team ${mail.team}.`,
  };
}

function removedFromTeam(mail: Extract<AccountMail, { kind: 'removedFromTeam' }>): AccountMailWords {
  return {
    title: `You were removed from the team ${mail.team}`,
    lines: [
      `You are no longer a member of ${mail.team} since ${dayOf(mail.removedAt)}: the Team plan’s features it gave you have ended.`,
      'Your profile shows the plan you have now; choose a plan of your own there to keep the paid features.',
    ],
    facts: [
      ['Team', mail.team],
      ['Removed on', dayOf(mail.removedAt)],
    ],
    path: ACCOUNT_PAGE_PATHS.profile,
    linkLabel: 'See your plan',
    reason: `You get this email because you were a member of the team ${mail.team}.`,
  };
}

function affiliateDecided(mail: Extract<AccountMail, { kind: 'affiliateDecided' }>, appName: string): AccountMailWords {
  const page = {
    path: ACCOUNT_PAGE_PATHS.affiliateProgram,
    linkLabel: 'Open the affiliate program',
    reason: `You get this email because you asked to join the ${appName} affiliate program.`,
  };
  switch (mail.decision) {
    case 'approved':
      return {
        title: `Your ${appName} affiliate request is approved`,
        lines: [
          `Welcome to the affiliate program: you earn ${mail.commissionPercent}% of every payment made by the people you refer.`,
          `A commission settles ${mail.settleDays} days after its payment and is paid out monthly.`,
          'Next: open a payout account on the affiliate page, and share your link from there.',
        ],
        facts: [
          ['Your code', mail.code],
          ['Commission', `${mail.commissionPercent}%`],
          ['Settles after', `${mail.settleDays} days`],
        ],
        ...page,
      };
    case 'rejected':
      return {
        title: `Your ${appName} affiliate request was not approved`,
        lines: [
          'Your request to join the affiliate program was reviewed and not approved.',
          'You may ask again from the affiliate page.',
        ],
        facts: [],
        ...page,
      };
    case 'revoked':
      return {
        title: `Your ${appName} affiliate membership was revoked`,
        lines: [
          'Your link no longer earns commissions, and commissions that had not settled will not be paid.',
          'Commissions already settled are still paid out with the next monthly payout.',
        ],
        facts: [['Your code', mail.code]],
        ...page,
      };
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The words of one account email; `payer` says whose subscription an email about money is about. */
export function accountMailWords(mail: AccountMail, payer: Payer, appName: string): AccountMailWords {
  switch (mail.kind) {
    case 'receipt':
      return receipt(mail, payer, appName);
    case 'refund':
      return refund(mail, payer, appName);
    case 'canceled':
      return canceled(mail, payer, appName);
    case 'reactivated':
      return reactivated(mail, payer, appName);
    case 'paymentFailed':
      return paymentFailed(mail, payer, appName);
    case 'planChanged':
      return planChanged(mail, payer, appName);
    case 'inviteAccepted':
      return inviteAccepted(mail);
    case 'removedFromTeam':
      return removedFromTeam(mail);
    case 'affiliateDecided':
      return affiliateDecided(mail, appName);
  }
}

/** One account email rendered by the template set of every email: subject, text and HTML. */
export function renderAccountMail(
  mail: AccountMail,
  payer: Payer,
  site: { appName: string; publicUrl: string },
): RenderedEmail {
  const words = accountMailWords(mail, payer, site.appName);
  return renderEmail(site.appName, {
    title: words.title,
    lines: words.lines,
    facts: words.facts,
    url: `${site.publicUrl.replace(/\/$/, '')}${words.path}`,
    linkLabel: words.linkLabel,
    reason: words.reason,
  });
}
