import { REFUND_WINDOW_DAYS, TEST_BILLING_LABEL } from '@eh/domain';
import { APP_NAME } from '../../shared/constants.ts';

export interface FaqEntry {
  id: string;
  question: string;
  answer: readonly string[];
}

export interface FaqGroup {
  heading: string;
  entries: readonly FaqEntry[];
}

const N = APP_NAME;

export const FAQ: readonly FaqGroup[] = [
  {
    heading: 'Dates and data',
    entries: [
      {
        id: 'data-sources',
        question: 'Where does the data come from?',
        answer: [
          `Market data comes from providers that plug into ${N} through one interface: a generated demo market, SEC EDGAR, Nasdaq Trader, CoinGecko and Yahoo Finance. Each server runs the ones it is configured with.`,
          'The footer of every page says which of them feed the data you are looking at, and figures from the demo market are marked “Demo data” where they show.',
        ],
      },
      {
        id: 'confirmed-vs-estimated',
        question: 'What is the difference between a confirmed and an estimated report date?',
        answer: [
          'A confirmed date has been announced by the company. An estimated date is our projection from the company’s past reporting pattern, shown until the company confirms. Estimated dates are marked as such everywhere they appear, and you can hide them in the calendar settings.',
          'When a date changes we record the change, so a moved report never silently disappears from your calendar.',
        ],
      },
      {
        id: 'before-after-market',
        question: 'What do “before market” and “after market” mean?',
        answer: [
          'US companies usually report either before the market opens (before 9:30 a.m. New York time) or after it closes (after 4:00 p.m.). We show that label with every report, together with the exact time when it is known, converted to your timezone.',
        ],
      },
      {
        id: 'calendar-week',
        question: 'Which days does the calendar week show?',
        answer: [
          'The calendar week runs Monday to Friday, when US markets trade. On a Saturday or Sunday the calendar opens on the coming week. “Today” is the New York trading date, wherever you are.',
        ],
      },
      {
        id: 'results-speed',
        question: 'How quickly do results appear?',
        answer: [
          'Results appear in the earnings feed once the data provider has them and the server has taken them in, with EPS and revenue compared to the consensus estimates. How soon that is depends on the provider.',
        ],
      },
    ],
  },
  {
    heading: 'Scores and rankings',
    entries: [
      {
        id: 'ehs',
        question: 'What is EHS?',
        answer: [
          `EHS is ${N}’s score of a company, built from price to sales, price to earnings, year-over-year EPS growth and year-over-year revenue growth. The method is published on the “How EHS is computed” page so you can check how each score is reached.`,
        ],
      },
      {
        id: 'eh500',
        question: 'What is the EH500?',
        answer: [
          'The EH500 ranks the top 500 companies by EHS. It is rebalanced on a schedule, and every rebalance is kept so you can see which companies entered and left.',
        ],
      },
    ],
  },
  {
    heading: 'Calls and alerts',
    entries: [
      {
        id: 'live-calls',
        question: 'Can I listen to earnings calls live?',
        answer: [
          'Yes. A live call’s page follows it as it happens: its audio where the call has a stream, the transcript as it is spoken, and listener comments (sign in to post). Today the live transcript comes from the demo market, which replays one of its recorded calls every two minutes at speaking pace and without audio, so a live call can be tried at any hour.',
          'Recordings of past calls are part of the paid plans. Where we have them, a call’s transcript and an AI summary are on its transcript page.',
        ],
      },
      {
        id: 'alerts',
        question: 'How do alerts work?',
        answer: [
          'Signed in, you can add an alert to any symbol; it starts as a reminder before the company reports. The paid plans let you choose what each alert is for: calls, results, transcripts and summaries, analyst ratings, guidance, dividend payments and daily or weekly summaries.',
          'Alerts arrive by email, as push notifications in your browser once you turn them on in your profile, and by text message to a verified phone number for alerts with text messages on. Your profile sets your time zone, quiet hours (push and text messages wait until they end) and a daily limit, lists every notification sent, and sends a test on each channel; every email has a one-click unsubscribe link.',
          'When a confirmed report date or time moves, everyone who follows the stock is told, whatever their alert settings.',
        ],
      },
    ],
  },
  {
    heading: 'Plans and account',
    entries: [
      {
        id: 'account-needed',
        question: 'Do I need an account?',
        answer: [
          'No. Anyone can browse the calendar, the feed, news and symbol pages. A free account lets you keep a stock list; paid plans add more lists and the premium features below.',
        ],
      },
      {
        id: 'plans',
        question: 'What do the plans include?',
        answer: [
          'Free: browsing and one stock list.',
          'Plus: unlimited lists, alerts, analyst ratings, the Fed and economic calendars, earnings and dividend history, call recordings, event slides and reports, transcripts and AI transcripts.',
          'Pro: everything in Plus, with corporate guidance, short interest, the price move before and after earnings, and EHS.',
          'Team: Pro for organizations, with invited members, roles, licences and one bill.',
        ],
      },
      {
        id: 'buy',
        question: 'How do I buy a plan?',
        answer: [
          'Choose a plan on the pricing page, or with “See plans” on your profile, monthly or yearly, and pay with a card. Where a server bills through Stripe, the card number goes to Stripe and never to our servers.',
          `Where a server runs test billing, every payment screen says “${TEST_BILLING_LABEL}”: Stripe’s test card numbers (such as 4242 4242 4242 4242) are accepted and no card is charged.`,
        ],
      },
      {
        id: 'cancel',
        question: 'How do I cancel or change my plan?',
        answer: [
          'Open “Manage subscription” on your profile. Cancel there and the plan stays until the end of the period you paid for, then ends; nothing more is charged. Until that day you can reactivate it in the same place.',
          'The same window changes your plan or between monthly and yearly billing, updates your card, pays a payment that failed, and lists every charge, with its receipt where the payment provider gives one.',
        ],
      },
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer: [
          `A payment can be refunded within ${REFUND_WINDOW_DAYS} days. “Manage subscription” shows until when your last payment can be and refunds it there; the plan ends with the refund.`,
        ],
      },
      {
        id: 'apps',
        question: 'Is there a phone app?',
        answer: [
          `Not yet. ${N} runs in the browser on phones, tablets and computers, with the same account and lists everywhere. There is no iOS or Android app to install yet.`,
        ],
      },
      {
        id: 'advice',
        question: `Is ${N} investment advice?`,
        answer: [
          'No. It is information to help you follow companies and their earnings. It does not recommend buying or selling anything.',
        ],
      },
      {
        id: 'report-problem',
        question: 'I found wrong data or a bug. How do I tell you?',
        answer: [
          'Use the feedback page and choose “Data problem” or “Bug”. Naming the symbol, the page and what you expected helps us fix it quickly.',
        ],
      },
    ],
  },
];
