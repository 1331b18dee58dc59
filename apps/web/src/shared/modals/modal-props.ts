import type { BillingInterval, FiscalPeriod, Plan } from '@eh/domain';

/** A modal that opens with no props. */
type NoProps = Readonly<Record<never, never>>;

/**
 * The props each modal kind opens with, one entry per kind of the registry (modal-registry.ts): `modalOpened` takes
 * the props its kind names here, and each modal's content receives them typed. Props are serializable (they live
 * in the store): strings, numbers, booleans and null.
 */
export interface ModalProps {
  addAvatar: NoProps;
  createAccount: NoProps;
  signIn: NoProps;
  /** `email`: the address typed at sign-in, filled in for the reset. */
  forgotPassword: Readonly<{ email?: string }>;
  changeEmail: NoProps;
  changePassword: NoProps;
  creditCard: NoProps;
  deleteAccount: NoProps;
  /** With `symbol`, only that symbol's alert. */
  alerts: Readonly<{ symbol?: string }>;
  manageAlerts: NoProps;
  updateAllAlerts: NoProps;
  onboarding: NoProps;
  subscribe: Readonly<{ plan?: Plan; priceType?: BillingInterval; coupon?: string }>;
  choosePlan: NoProps;
  /**
   * The feature that asked for the upgrade (a PremiumFeature key; its cheapest plan is offered), else `plan` (a plan
   * or its label, such as 'Pro').
   */
  upgrade: Readonly<{ feature?: string | null; plan?: string }>;
  upgradeToTeam: Readonly<{ licenseCount?: number; priceType?: BillingInterval }>;
  /** After a subscription: the new plan, the plan before it, and whether it is the account's first. */
  welcome: Readonly<{ plan: Plan; priceType: BillingInterval; from: Plan; first: boolean }>;
  manageSubscription: NoProps;
  chargeHistory: NoProps;
  newsArticle: Readonly<{ id: number }>;
  /** A call's transcript: by `fileId`, or by `symbol` with `periodYear` and `period`. */
  earningsTranscript: TranscriptProps;
  transcript: TranscriptProps;
  /** `tab`: a symbol modal tab key (symbol-modal-tabs.ts); an unknown one opens the default tab. */
  symbol: Readonly<{ symbol: string; tab?: string }>;
  analystRatings: Readonly<{ symbol: string }>;
  manageAssetList: Readonly<{ listId: string }>;
  affiliate: NoProps;
  /** A day of the month view (YYYY-MM-DD). */
  selectedMonthDay: Readonly<{ date: string }>;
  earningsSettings: NoProps;
  earnings: Readonly<{ id: number; symbol: string; periodYear: number; period: FiscalPeriod; date: string }>;
  callEvent: EventProps;
  ipoEvent: EventProps;
  economicEvent: EventProps;
  /** A call's video; without props, the product's live stream. */
  video: Readonly<{ youtubeUrl?: string | null; title?: string }>;
  newsSettings: NoProps;
  secFilingsSettings: NoProps;
  /** The calendar view the snippet starts with. */
  embedCalendar: Readonly<{ view?: string }>;
  symbolEhs: Readonly<{ symbol: string }>;
  histogramEhs: Readonly<{ symbol: string; score: number | null }>;
  /** The rebalance of `date` of index `indexId` (EH500 unless named). */
  indexRebalance: Readonly<{ date: string; indexId?: string }>;
  learnMoreEhs: NoProps;
  secFiling: Readonly<{ symbol: string; filingId: number }>;
  bulkAddUser: NoProps;
  /** `licenseCount`: the seats proposed when it opens. */
  manageOrganization: Readonly<{ licenseCount?: number }>;
  privacyPolicy: NoProps;
  releaseNotes: NoProps;
  termsOfService: NoProps;
  shortcuts: NoProps;
  symbolSearch: NoProps;
  promotion: Readonly<{ coupon: string }>;
  createList: NoProps;
  editList: Readonly<{ listId: string }>;
  deleteList: Readonly<{ listId: string }>;
  chooseList: Readonly<{ symbol: string }>;
  listSelect: Readonly<{ symbol: string }>;
}

type TranscriptProps = Readonly<{ fileId?: string; symbol?: string; periodYear?: number; period?: string }>;
type EventProps = Readonly<{ id: number }>;
