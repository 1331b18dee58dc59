import { APP_NAME } from '../../shared/constants.ts';

/** What the About page says the product does: only what works today. */
export const ABOUT_FEATURES = [
  {
    heading: 'Who reports, and exactly when',
    text: 'The earnings calendar shows every report of the week with its time in your timezone, whether it comes before or after the market, and whether the date is confirmed by the company or still estimated.',
  },
  {
    heading: 'Results against estimates',
    text: 'The earnings feed puts EPS and revenue against estimates as results come in, followed by the transcript and an AI summary where we have them.',
  },
  {
    heading: 'Calls',
    text: 'The calls page lists the calls live now, coming up and recorded, with their dates and times. A live call’s page follows it as it happens: its audio where the call has a stream, the transcript as it is spoken and listener comments. The demo market replays one of its recorded calls every two minutes, without audio, so a live call can be tried at any hour.',
  },
  {
    heading: 'Everything else that moves a stock',
    text: 'News, SEC filings, dividends, short interest, analyst ratings and price history on one page per symbol, plus our EHS score and the EH500 ranking.',
  },
  {
    heading: 'Your stocks, your alerts',
    text: 'Keep lists of the stocks you follow with holdings and cash, and set alerts per symbol. Alerts arrive by email, browser push notification or text message, with quiet hours and a daily limit you set, and a personal calendar feed puts your stocks’ earnings dates in Google or Apple Calendar.',
  },
] as const;

export const ABOUT_AUDIENCE = `Visitors can browse everything public without an account. A free account keeps a stock list; the Plus and Pro plans add transcripts, analyst ratings, short interest, EHS and more; teams share one plan with roles for their members. Plans are bought here by card, monthly or yearly, and can be canceled at any time. ${APP_NAME} runs in the browser on phones, tablets and computers; there are no iOS or Android apps yet.`;

export const ABOUT_DATA =
  'Market data comes from providers that plug in through one interface: a generated demo market, SEC EDGAR, Nasdaq Trader, CoinGecko and Yahoo Finance, as each server is configured. Every report records its source and when its date last changed.';
