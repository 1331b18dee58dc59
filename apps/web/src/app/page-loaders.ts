/**
 * The lazily loaded pages outside the market table (calendar, transcripts, symbol page, information, account and
 * the rest), loaded through this one table: the first-load chunk then carries a single import for all
 * of them instead of one preload list per page (each list names every chunk its page needs). The table's own
 * chunk keeps those lists, so a page's chunks still download together once the table is in.
 * The home is not here: the router loads it directly, one step sooner.
 */
import type { ComponentType } from 'react';

type PageModule = () => Promise<{ default: ComponentType }>;

export const PAGE_LOADERS = {
  notFound: () => import('../features/info/not-found-page.tsx'),
  calendar: () => import('../features/calendar/calendar-page.tsx'),
  transcript: () => import('../features/transcripts/transcript-page.tsx'),
  callSearch: () => import('../features/call-search/call-search-page.tsx'),
  symbolLayout: () => import('../features/quote/symbol-layout.tsx'),
  symbolTab: () => import('../features/quote/symbol-tab-page.tsx'),
  about: () => import('../features/info/about-page.tsx'),
  faq: () => import('../features/info/faq-page.tsx'),
  terms: () => import('../features/info/terms-page.tsx'),
  privacy: () => import('../features/info/privacy-page.tsx'),
  otherPages: () => import('../features/info/other-pages-page.tsx'),
  feedback: () => import('../features/feedback/feedback-page.tsx'),
  appInfo: () => import('../features/app-info/app-info-page.tsx'),
  dev: () => import('../features/dev/dev-page.tsx'),
  devMail: () => import('../features/dev/mailbox-page.tsx'),
  unsubscribe: () => import('../features/notifications/unsubscribe-page.tsx'),
  signin: () => import('../features/auth/sign-in-page.tsx'),
  createAccount: () => import('../features/auth/create-account-page.tsx'),
  forgotPassword: () => import('../features/auth/forgot-password-page.tsx'),
  profile: () => import('../features/profile/profile-page.tsx'),
  myStocks: () => import('../features/my-stocks/my-stocks-page.tsx'),
  embedCalendar: () => import('./embed-calendar.tsx'),
  stripeCheckout: () => import('../features/billing/subscribe-checkout-page.tsx'),
  affiliateProgram: () => import('../features/affiliates/affiliate-page.tsx'),
  team: () => import('../features/teams/team-page.tsx'),
  teamInvite: () => import('../features/teams/team-invite-page.tsx'),
  admin: () => import('../features/admin/admin-page.tsx'),
  demo: () => import('../features/demo/demo-page.tsx'),
  welcome: () => import('../features/welcome/welcome-page.tsx'),
} satisfies Record<string, PageModule>;

export type PageLoaderId = keyof typeof PAGE_LOADERS;
