import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import type { ModalKind } from '../../shared/modals/modal-registry.ts';

/** A modal's lazily loaded content, taking the props of its kind. */
type ModalContent<K extends ModalKind> = LazyExoticComponent<ComponentType<ModalContentProps<K>>>;

const AuthModal = lazy(() => import('../../features/auth/auth-modal.tsx'));
const TranscriptModal = lazy(() => import('../../features/transcripts/transcript-modal.tsx'));
const AccountModal = lazy(() => import('../../features/profile/account-modal.tsx'));
const AlertsModal = lazy(() => import('./alerts-modal.tsx'));
const ListModal = lazy(() => import('../../features/lists/list-modals.tsx'));
/** The call event and the video modal share a chunk (the first load carries one entry for both). */
const CallModal = lazy(() => import('./call-modals.tsx'));

/**
 * Every modal kind's content, typed by kind (the type names each kind of the registry, so none is left without one,
 * and each content takes its kind's props). The composition root holds it: features open modals by kind only.
 */
export const MODAL_CONTENT: { [K in ModalKind]: ModalContent<K> } = {
  releaseNotes: lazy(() => import('../../features/release-notes/release-notes-modal.tsx')),
  privacyPolicy: lazy(() => import('../../features/info/privacy-modal.tsx')),
  termsOfService: lazy(() => import('../../features/info/terms-modal.tsx')),
  shortcuts: lazy(() => import('../../features/shortcuts/shortcuts-modal.tsx')),
  signIn: AuthModal,
  createAccount: AuthModal,
  forgotPassword: AuthModal,
  addAvatar: AccountModal,
  changeEmail: AccountModal,
  changePassword: AccountModal,
  deleteAccount: AccountModal,
  symbol: lazy(() => import('../../features/symbol-modal/symbol-modal.tsx')),
  analystRatings: lazy(() => import('../../features/symbol-modal/analyst-ratings-modal.tsx')),
  secFiling: lazy(() => import('../../features/quote/sec-filing-modal.tsx')),
  secFilingsSettings: lazy(() => import('../../features/quote/sec-filings-settings-modal.tsx')),
  symbolEhs: lazy(() => import('../../features/ehs/symbol-ehs-modal.tsx')),
  histogramEhs: lazy(() => import('../../features/ehs/histogram-ehs-modal.tsx')),
  transcript: TranscriptModal,
  earningsTranscript: TranscriptModal,
  earningsSettings: lazy(() => import('../../features/calendar/earnings-settings-modal.tsx')),
  selectedMonthDay: lazy(() => import('../../features/calendar/selected-month-day-modal.tsx')),
  earnings: lazy(() => import('../../features/calendar/earnings-modal.tsx')),
  ipoEvent: lazy(() => import('../../features/calendar/ipo-event-modal.tsx')),
  economicEvent: lazy(() => import('../../features/calendar/economic-event-modal.tsx')),
  callEvent: CallModal,
  video: CallModal,
  embedCalendar: lazy(() => import('../../features/calendar/embed-calendar-modal.tsx')),
  symbolSearch: lazy(() => import('../../features/search/search-modal.tsx')),
  newsArticle: lazy(() => import('../../features/news/news-article-modal.tsx')),
  newsSettings: lazy(() => import('../../features/news/news-settings-modal.tsx')),
  indexRebalance: lazy(() => import('../../features/ehs-pages/index-rebalance-modal.tsx')),
  learnMoreEhs: lazy(() => import('../../features/ehs-pages/learn-more-ehs-modal.tsx')),
  upgrade: lazy(() => import('../../features/pricing/upgrade-modal.tsx')),
  choosePlan: lazy(() => import('../../features/pricing/choose-plan-modal.tsx')),
  subscribe: lazy(() => import('../../features/billing/subscribe-modal.tsx')),
  creditCard: lazy(() => import('../../features/billing/credit-card-modal.tsx')),
  welcome: lazy(() => import('../../features/billing/welcome-modal.tsx')),
  promotion: lazy(() => import('../../features/billing/promotion-modal.tsx')),
  manageSubscription: lazy(() => import('../../features/billing/manage-subscription-modal.tsx')),
  chargeHistory: lazy(() => import('../../features/billing/charge-history-modal.tsx')),
  affiliate: lazy(() => import('../../features/affiliates/affiliate-modal.tsx')),
  upgradeToTeam: lazy(() => import('../../features/teams/upgrade-to-team-modal.tsx')),
  bulkAddUser: lazy(() => import('../../features/teams/bulk-add-user-modal.tsx')),
  manageOrganization: lazy(() => import('../../features/teams/manage-organization-modal.tsx')),
  alerts: AlertsModal,
  manageAlerts: AlertsModal,
  updateAllAlerts: AlertsModal,
  chooseList: lazy(() => import('../../features/lists/choose-list-modal.tsx')),
  createList: ListModal,
  editList: ListModal,
  deleteList: ListModal,
  manageAssetList: lazy(() => import('../../features/lists/manage-asset-list-modal.tsx')),
  listSelect: lazy(() => import('../../features/lists/list-select-modal.tsx')),
  onboarding: lazy(() => import('../../features/onboarding/onboarding-modal.tsx')),
};

/** The content of `kind`, taking that kind's props. */
export function modalContent<K extends ModalKind>(kind: K): ModalContent<K> {
  return MODAL_CONTENT[kind];
}
