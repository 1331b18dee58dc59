/**
 * Onboarding (SPEC §2 onboarding modal, §3 "onboarding active step (starts 0)"): the steps, the record kept in the
 * user's settings on the server (GET/POST /core/users/me/settings, so it follows the account across devices) and
 * the rule for opening it by itself. Pure: the watcher and the modal read it, the unit test proves it.
 */

/** The steps in order; the active step is an index into this list and starts at 0. */
export const ONBOARDING_STEPS = ['stocks', 'list', 'alerts', 'theme'] as const;
export type OnboardingStepName = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_STEP_LABELS: Readonly<Record<OnboardingStepName, string>> = {
  stocks: 'Pick stocks',
  list: 'Your first list',
  alerts: 'Alerts',
  theme: 'Theme',
};
export const FIRST_STEP = 0;
export const LAST_STEP = ONBOARDING_STEPS.length - 1;

/** The settings key the record lives under (the server merges settings by top-level key). */
export const ONBOARDING_SETTINGS_KEY = 'onboarding';

/**
 * started: on screen and under way (the active step is kept; "started" may be another device's, so it opens by
 * itself again only in the tab that had it on screen, after a reload); paused: closed before the end by the reader, resumed from the profile, never by
 * itself; deferred: a new account whose first visit was a link to a task (checkout, a team invite…), never offered
 * by itself; done and skipped: finished, never shown by itself again.
 */
export const ONBOARDING_STATUSES = ['started', 'paused', 'deferred', 'done', 'skipped'] as const;
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number];

export interface OnboardingRecord {
  status: OnboardingStatus;
  step: number;
  /** The symbols picked at the first step, kept so a resumed onboarding still has them. */
  symbols: string[];
  /** The list made at the second step (so going back and on again does not make a second one). */
  listId?: string;
}

/** The most stocks the first step takes (a first list, not a portfolio import). */
export const ONBOARDING_MAX_PICKS = 10;

/** An account counts as new for this long after its first sign-in (its users row is created then). */
export const ONBOARDING_NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

/** The seeded demo accounts (free@, plus@, pro@, team@ this domain) never see onboarding. */
export const DEMO_ACCOUNT_DOMAIN = '@demo.earningshub.dev';

/**
 * Pages a visitor arrives at to do one thing (pay, answer a team invite, join the affiliate program, choose a plan,
 * change the account): onboarding does not open over them, and is not offered by itself later (the profile's
 * Set up again still offers it).
 */
export const TASK_PATH_PREFIXES = ['/stripe', '/team', '/affiliate-program', '/pricing', '/profile'] as const;

/**
 * The pages of signing in: they move the reader on as soon as it succeeds, which would close an onboarding opened
 * over them; it waits until the reader lands.
 */
export const SIGN_IN_PATHS = ['/signin', '/create-account', '/forgot-password'] as const;

const clampStep = (step: unknown): number =>
  typeof step === 'number' && Number.isInteger(step) ? Math.min(Math.max(step, FIRST_STEP), LAST_STEP) : FIRST_STEP;

/** The record in the saved settings, or null when there is none (a value of the wrong shape counts as none). */
export function readOnboarding(settings: Record<string, unknown> | undefined): OnboardingRecord | null {
  const value = settings?.[ONBOARDING_SETTINGS_KEY];
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const status = ONBOARDING_STATUSES.find((known) => known === record.status);
  if (!status) return null;
  const symbols = Array.isArray(record.symbols)
    ? record.symbols.filter((symbol): symbol is string => typeof symbol === 'string').slice(0, ONBOARDING_MAX_PICKS)
    : [];
  const listId = typeof record.listId === 'string' && record.listId ? record.listId : undefined;
  return { status, step: clampStep(record.step), symbols, ...(listId ? { listId } : {}) };
}

export const isFinished = (record: OnboardingRecord | null) =>
  record?.status === 'done' || record?.status === 'skipped';

export interface AutoOpenInputs {
  /** The account (GET /core/users/me). */
  email: string | null;
  createdAt: string;
  /** The saved record (null: never offered). */
  record: OnboardingRecord | null;
  /** Signed in by a `?token=` link for this visit (a link to one place, not a first visit). */
  viaLink: boolean;
  pathname: string;
  /** Another modal is open: onboarding never opens over it. */
  modalOpen: boolean;
  /** This tab had onboarding on screen when it was last left (a reload): see open-here.ts. */
  openHere: boolean;
  now: number;
}

/**
 * What the app does about onboarding once the account and its settings are known: `open` it (and record it as
 * started), `resume` it at its saved step (it was on screen in this tab when the page was reloaded), `defer` it
 * (record that it was not offered), `wait` (another modal is open, or signing in is about to move the reader on:
 * decided again once that changes), or nothing. Opened by itself only for a new account without a record, once.
 */
export function autoOpenDecision(input: AutoOpenInputs): 'open' | 'resume' | 'defer' | 'wait' | 'none' {
  const path = input.pathname.toLowerCase();
  if ((SIGN_IN_PATHS as readonly string[]).includes(path)) return 'wait';
  const onTask = TASK_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (input.record?.status === 'started' && input.openHere) return input.modalOpen ? 'wait' : 'resume';
  if (input.record) return 'none';
  if (input.email?.toLowerCase().endsWith(DEMO_ACCOUNT_DOMAIN)) return 'none';
  const created = Date.parse(input.createdAt);
  if (!Number.isFinite(created) || input.now - created > ONBOARDING_NEW_ACCOUNT_MS) return 'none';
  if (input.viaLink || onTask) return 'defer';
  if (input.modalOpen) return 'wait';
  return 'open';
}

/** Whether the profile offers to continue onboarding (paused or under way) rather than to set up again. */
export const canContinue = (record: OnboardingRecord | null) =>
  record?.status === 'started' || record?.status === 'paused';

/** The default name of the first list. */
export const FIRST_LIST_NAME = 'My first list';
