import type { ServerModule } from '../kernel/module.ts';
import { adminModule } from './admin/index.ts';
import { affiliatesModule } from './affiliates/index.ts';
import { aiModule } from './ai/index.ts';
import { alertsModule } from './alerts/index.ts';
import { appInfoModule } from './app-info/index.ts';
import { billingModule } from './billing/index.ts';
import { calendarFeedModule } from './calendar-feed/index.ts';
import { callSearchModule } from './call-search/index.ts';
import { communityModule } from './community/index.ts';
import { devOutboxModule } from './dev-outbox/index.ts';
import { dividendsModule } from './dividends/index.ts';
import { earningsModule } from './earnings/index.ts';
import { ehsModule } from './ehs/index.ts';
import { eventsModule } from './events/index.ts';
import { feedbackModule } from './feedback/index.ts';
import { filesModule } from './files/index.ts';
import { flagsModule } from './flags/index.ts';
import { healthModule } from './health/index.ts';
import { listsModule } from './lists/index.ts';
import { liveCallsModule } from './live-calls/index.ts';
import { marketHistoryModule } from './market-history/index.ts';
import { marketIndexModule } from './market-index/index.ts';
import { newsModule } from './news/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { priceHistoryModule } from './price-history/index.ts';
import { quotesModule } from './quotes/index.ts';
import { reactionsModule } from './reactions/index.ts';
import { releaseNotesModule } from './release-notes/index.ts';
import { shortInterestModule } from './short-interest/index.ts';
import { signInOptionsModule } from './sign-in-options/index.ts';
import { teamsModule } from './teams/index.ts';
import { transactionsModule } from './transactions/index.ts';
import { usersModule } from './users/index.ts';

/** Every module, in the order the api role mounts their routes under /api (SPEC §7). */
export const MODULES: readonly ServerModule[] = [
  healthModule,
  flagsModule,
  releaseNotesModule,
  feedbackModule,
  appInfoModule,
  devOutboxModule,
  signInOptionsModule,
  adminModule,
  usersModule,
  earningsModule,
  reactionsModule,
  eventsModule,
  liveCallsModule,
  communityModule,
  filesModule,
  callSearchModule,
  quotesModule,
  priceHistoryModule,
  marketIndexModule,
  transactionsModule,
  dividendsModule,
  shortInterestModule,
  ehsModule,
  marketHistoryModule,
  newsModule,
  listsModule,
  alertsModule,
  calendarFeedModule,
  notificationsModule,
  billingModule,
  teamsModule,
  affiliatesModule,
  aiModule,
];
