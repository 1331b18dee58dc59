/**
 * Every modal kind of SPEC §2, named once. `stackable` kinds may pile up on top of others (pickers,
 * confirmations, details opened from inside another modal); opening any other kind replaces the whole stack.
 */
export interface ModalDef {
  stackable: boolean;
  title: string;
  /** Dialog width on wide screens (MUI breakpoint); 'sm' unless stated. */
  width?: 'sm' | 'md' | 'lg';
  /** Opens onto a text field: keys typed while its code loads are kept for it (typed-ahead.ts). */
  typesAhead?: true;
}

export const MODALS = {
  addAvatar: { stackable: true, title: 'Add avatar' },
  createAccount: { stackable: false, title: 'Create account' },
  signIn: { stackable: false, title: 'Sign in' },
  forgotPassword: { stackable: false, title: 'Reset your password' },
  changeEmail: { stackable: true, title: 'Change email' },
  changePassword: { stackable: true, title: 'Change password' },
  creditCard: { stackable: true, title: 'Card details' },
  deleteAccount: { stackable: true, title: 'Delete account' },
  alerts: { stackable: true, title: 'Alerts', width: 'md' },
  manageAlerts: { stackable: false, title: 'Manage alerts', width: 'md' },
  updateAllAlerts: { stackable: true, title: 'Update all alerts', width: 'md' },
  onboarding: { stackable: false, title: 'Get started' },
  subscribe: { stackable: false, title: 'Subscribe' },
  choosePlan: { stackable: false, title: 'Choose a plan', width: 'md' },
  upgrade: { stackable: true, title: 'Upgrade' },
  upgradeToTeam: { stackable: true, title: 'Upgrade to Team' },
  welcome: { stackable: false, title: 'Welcome' },
  manageSubscription: { stackable: false, title: 'Manage subscription' },
  chargeHistory: { stackable: true, title: 'Charge history' },
  newsArticle: { stackable: true, title: 'News article', width: 'md' },
  earningsTranscript: { stackable: true, title: 'Earnings call transcript', width: 'md' },
  transcript: { stackable: true, title: 'Transcript', width: 'md' },
  symbol: { stackable: false, title: 'Symbol', width: 'lg' },
  analystRatings: { stackable: true, title: 'Analyst ratings', width: 'md' },
  manageAssetList: { stackable: false, title: 'Manage list', width: 'md' },
  affiliate: { stackable: false, title: 'Affiliate program' },
  selectedMonthDay: { stackable: false, title: 'Reports on this day' },
  earningsSettings: { stackable: false, title: 'Calendar settings' },
  earnings: { stackable: false, title: 'Earnings' },
  video: { stackable: true, title: 'Video', width: 'md' },
  newsSettings: { stackable: false, title: 'News settings' },
  secFilingsSettings: { stackable: false, title: 'SEC filings settings' },
  embedCalendar: { stackable: false, title: 'Embed the calendar' },
  symbolEhs: { stackable: true, title: 'EHS', width: 'md' },
  histogramEhs: { stackable: true, title: 'EHS distribution' },
  indexRebalance: { stackable: true, title: 'Index rebalance' },
  learnMoreEhs: { stackable: true, title: 'About EHS', width: 'md' },
  secFiling: { stackable: true, title: 'SEC filing' },
  bulkAddUser: { stackable: true, title: 'Add team members' },
  manageOrganization: { stackable: false, title: 'Manage organization' },
  ipoEvent: { stackable: true, title: 'IPO' },
  economicEvent: { stackable: true, title: 'Economic event' },
  callEvent: { stackable: true, title: 'Earnings call' },
  privacyPolicy: { stackable: true, title: 'Privacy policy' },
  releaseNotes: { stackable: false, title: 'What’s new' },
  termsOfService: { stackable: true, title: 'Terms of service' },
  shortcuts: { stackable: false, title: 'Keyboard shortcuts' },
  /** The symbol search of SPEC §2 (Popular, Market Cap, Gainers, Losers, History) as a window. */
  symbolSearch: { stackable: false, title: 'Search symbols', width: 'sm', typesAhead: true },
  promotion: { stackable: false, title: 'Special offer' },
  createList: { stackable: true, title: 'Create list' },
  editList: { stackable: true, title: 'Edit list' },
  deleteList: { stackable: true, title: 'Delete list' },
  chooseList: { stackable: true, title: 'Choose a list' },
  listSelect: { stackable: true, title: 'Select lists' },
} as const satisfies Record<string, ModalDef>;

export type ModalKind = keyof typeof MODALS;

export const MODAL_KINDS = Object.keys(MODALS) as ModalKind[];

export function isStackable(kind: ModalKind): boolean {
  return MODALS[kind].stackable;
}
