import { APP_NAME, DATA_PROVENANCE } from '../../app/constants.ts';

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
          'Report dates, results and estimates come from a commercial market-data feed; filings come from SEC EDGAR; short interest from FINRA; crypto prices from CoinGecko; transcripts and summaries are produced from the calls themselves.',
          `Each provider plugs into ${N} through the same interface, so a source can be added or replaced without changing what you see. ${DATA_PROVENANCE}: the footer of every page says which kind of data you are looking at.`,
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
          'Results land in the earnings feed as soon as our provider publishes them, usually within a minute of the company’s release, with EPS and revenue compared to the consensus estimates.',
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
          'Yes. Live calls play in the app with a live transcript and comments from other listeners. After the call you can read the full transcript and an AI summary with links back to the passages it summarises. Recordings of past calls are part of the paid plans.',
        ],
      },
      {
        id: 'alerts',
        question: 'How do alerts work?',
        answer: [
          'You set alerts per symbol. A new alert reminds you before the company reports and is delivered by email and push; SMS is off until you turn it on. You can add alerts for live calls, results, transcripts and summaries, analyst ratings, guidance, dividend payments and daily or weekly summaries.',
          'Alerts are part of the paid plans. You need to be signed in to set them.',
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
          'Team: Pro for organisations, with invited members, roles, licences and one bill.',
        ],
      },
      {
        id: 'cancel',
        question: 'How do I cancel a subscription?',
        answer: [
          'From your profile, under your subscription. Your plan stays active until the end of the period you paid for. Subscriptions bought in the iOS app are managed in your Apple account settings.',
        ],
      },
      {
        id: 'apps',
        question: 'Is there a phone app?',
        answer: [
          `Yes, ${N} runs on iOS and Android as well as in the browser, with the same account, lists and alerts. The apps add push notifications.`,
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
