import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ModalKind } from './modal-registry.ts';
import type { ModalEntry } from './modal-stack.ts';

export interface ModalContentProps {
  entry: ModalEntry;
  onClose: () => void;
}

type ModalContent = LazyExoticComponent<ComponentType<ModalContentProps>>;

const AuthModal = lazy(() => import('../auth/auth-modal.tsx'));
const TranscriptModal = lazy(() => import('../transcripts/transcript-modal.tsx'));
const AccountModal = lazy(() => import('../profile/account-modal.tsx'));
const AlertsModal = lazy(() => import('./alerts-modal.tsx'));
const ListModal = lazy(() => import('../lists/list-modals.tsx'));
/** The call event and the video modal share a chunk (the first load carries one entry for both). */
const CallModal = lazy(() => import('../calendar/call-event-modal.tsx'));

/** Every modal kind's content (the type names each kind of the registry, so none is left without one). */
export const MODAL_CONTENT: Record<ModalKind, ModalContent> = {
  releaseNotes: lazy(() => import('../release-notes/release-notes-modal.tsx')),
  privacyPolicy: lazy(() => import('../info/privacy-modal.tsx')),
  termsOfService: lazy(() => import('../info/terms-modal.tsx')),
  shortcuts: lazy(() => import('../shortcuts/shortcuts-modal.tsx')),
  signIn: AuthModal,
  createAccount: AuthModal,
  forgotPassword: AuthModal,
  addAvatar: AccountModal,
  changeEmail: AccountModal,
  changePassword: AccountModal,
  deleteAccount: AccountModal,
  symbol: lazy(() => import('../symbol-modal/symbol-modal.tsx')),
  analystRatings: lazy(() => import('../symbol-modal/analyst-ratings-modal.tsx')),
  secFiling: lazy(() => import('../quote/sec-filing-modal.tsx')),
  secFilingsSettings: lazy(() => import('../quote/sec-filings-settings-modal.tsx')),
  symbolEhs: lazy(() => import('../ehs/symbol-ehs-modal.tsx')),
  histogramEhs: lazy(() => import('../ehs/histogram-ehs-modal.tsx')),
  transcript: TranscriptModal,
  earningsTranscript: TranscriptModal,
  earningsSettings: lazy(() => import('../calendar/earnings-settings-modal.tsx')),
  selectedMonthDay: lazy(() => import('../calendar/selected-month-day-modal.tsx')),
  earnings: lazy(() => import('../calendar/earnings-modal.tsx')),
  ipoEvent: lazy(() => import('../calendar/ipo-event-modal.tsx')),
  economicEvent: lazy(() => import('../calendar/economic-event-modal.tsx')),
  callEvent: CallModal,
  video: CallModal,
  embedCalendar: lazy(() => import('../embed/embed-calendar-modal.tsx')),
  symbolSearch: lazy(() => import('../search/search-modal.tsx')),
  newsArticle: lazy(() => import('../news/news-article-modal.tsx')),
  newsSettings: lazy(() => import('../news/news-settings-modal.tsx')),
  indexRebalance: lazy(() => import('../ehs-pages/index-rebalance-modal.tsx')),
  learnMoreEhs: lazy(() => import('../ehs-pages/learn-more-ehs-modal.tsx')),
  upgrade: lazy(() => import('../pricing/upgrade-modal.tsx')),
  choosePlan: lazy(() => import('../pricing/choose-plan-modal.tsx')),
  subscribe: lazy(() => import('../billing/subscribe-modal.tsx')),
  creditCard: lazy(() => import('../billing/credit-card-modal.tsx')),
  welcome: lazy(() => import('../billing/welcome-modal.tsx')),
  promotion: lazy(() => import('../billing/promotion-modal.tsx')),
  manageSubscription: lazy(() => import('../billing/manage-subscription-modal.tsx')),
  chargeHistory: lazy(() => import('../billing/charge-history-modal.tsx')),
  affiliate: lazy(() => import('../affiliates/affiliate-modal.tsx')),
  upgradeToTeam: lazy(() => import('../teams/upgrade-to-team-modal.tsx')),
  bulkAddUser: lazy(() => import('../teams/bulk-add-user-modal.tsx')),
  manageOrganization: lazy(() => import('../teams/manage-organization-modal.tsx')),
  alerts: AlertsModal,
  manageAlerts: AlertsModal,
  updateAllAlerts: AlertsModal,
  chooseList: lazy(() => import('../lists/choose-list-modal.tsx')),
  createList: ListModal,
  editList: ListModal,
  deleteList: ListModal,
  manageAssetList: lazy(() => import('../lists/manage-asset-list-modal.tsx')),
  listSelect: lazy(() => import('../lists/list-select-modal.tsx')),
  onboarding: lazy(() => import('../onboarding/onboarding-modal.tsx')),
};
