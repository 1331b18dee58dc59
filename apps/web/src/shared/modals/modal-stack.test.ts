import { describe, expect, it } from 'vitest';
import { isStackable, MODAL_KINDS, MODALS, type ModalKind } from './modal-registry.ts';
import {
  closeAllModals,
  closeModalById,
  closeModalsByIds,
  closeTopModal,
  type ModalEntry,
  openModal,
} from './modal-stack.ts';

let seq = 0;
const entry = (kind: ModalKind, props: ModalEntry['props'] = {}): ModalEntry =>
  ({ id: `m${++seq}`, kind, props }) as ModalEntry;
const kinds = (stack: readonly ModalEntry[]) => stack.map((e) => e.kind);
const openAll = (...list: ModalKind[]) => list.reduce<ModalEntry[]>((stack, kind) => openModal(stack, entry(kind)), []);

describe(openModal.name, () => {
  it('opens the first modal of any kind', () => {
    expect(kinds(openModal([], entry('signIn')))).toEqual(['signIn']);
    expect(kinds(openModal([], entry('chooseList')))).toEqual(['chooseList']);
  });

  it('piles stackable kinds on top of what is open', () => {
    expect(kinds(openAll('symbol', 'alerts'))).toEqual(['symbol', 'alerts']);
    expect(kinds(openAll('symbol', 'analystRatings', 'upgrade'))).toEqual(['symbol', 'analystRatings', 'upgrade']);
    expect(kinds(openAll('manageAssetList', 'chooseList', 'createList'))).toEqual([
      'manageAssetList',
      'chooseList',
      'createList',
    ]);
    expect(kinds(openAll('createAccount', 'termsOfService'))).toEqual(['createAccount', 'termsOfService']);
  });

  it('replaces the whole stack when a non-stackable kind opens', () => {
    expect(kinds(openAll('symbol', 'alerts', 'signIn'))).toEqual(['signIn']);
    expect(kinds(openAll('symbol', 'releaseNotes'))).toEqual(['releaseNotes']);
    expect(kinds(openAll('signIn', 'createAccount'))).toEqual(['createAccount']);
    expect(kinds(openAll('signIn', 'forgotPassword'))).toEqual(['forgotPassword']);
  });

  it('replaces the stack when the same kind as the top one opens again, stackable or not', () => {
    const stacked = openAll('symbol', 'newsArticle');
    const next = openModal(stacked, entry('newsArticle', { id: 42 }));
    expect(kinds(next)).toEqual(['newsArticle']);
    expect(next[0]?.props).toEqual({ id: 42 });

    const symbols = openModal(openAll('symbol'), entry('symbol', { symbol: 'MSFT' }));
    expect(kinds(symbols)).toEqual(['symbol']);
    expect(symbols[0]?.props).toEqual({ symbol: 'MSFT' });
  });

  it('piles a stackable kind that is already open lower in the stack but not on top', () => {
    expect(kinds(openAll('symbol', 'alerts', 'upgrade', 'alerts'))).toEqual(['symbol', 'alerts', 'upgrade', 'alerts']);
  });

  it('does not change the stack it was given', () => {
    const stack = openAll('symbol');
    const before = [...stack];
    openModal(stack, entry('alerts'));
    openModal(stack, entry('signIn'));
    expect(stack).toEqual(before);
  });

  it('puts a stackable kind on top of a non-stackable one', () => {
    expect(kinds(openAll('onboarding', 'chooseList'))).toEqual(['onboarding', 'chooseList']);
  });

  it('follows the given stackable rule', () => {
    const nothingStacks = () => false;
    const stack = openModal([entry('symbol')], entry('alerts'), nothingStacks);
    expect(kinds(stack)).toEqual(['alerts']);
  });
});

describe(closeTopModal.name, () => {
  it('closes only the top modal', () => {
    expect(kinds(closeTopModal(openAll('symbol', 'alerts', 'upgrade')))).toEqual(['symbol', 'alerts']);
    expect(closeTopModal(openAll('signIn'))).toEqual([]);
    expect(closeTopModal([])).toEqual([]);
  });
});

describe(closeModalsByIds.name, () => {
  it('closes exactly the given modals and keeps the ones stacked above them', () => {
    const stack = openAll('symbol', 'alerts', 'upgrade');
    const [symbol, , upgrade] = stack;
    expect(kinds(closeModalsByIds(stack, [symbol?.id ?? '']))).toEqual(['alerts', 'upgrade']);
    expect(kinds(closeModalsByIds(stack, [symbol?.id ?? '', upgrade?.id ?? '']))).toEqual(['alerts']);
    expect(kinds(closeModalsByIds(stack, ['unknown']))).toEqual(['symbol', 'alerts', 'upgrade']);
  });
});

describe(closeModalById.name, () => {
  it('closes a modal and the ones stacked above it', () => {
    const stack = openAll('symbol', 'alerts', 'upgrade');
    const alerts = stack[1];
    expect(alerts).toBeDefined();
    expect(kinds(closeModalById(stack, alerts?.id ?? ''))).toEqual(['symbol']);
    expect(kinds(closeModalById(stack, 'unknown'))).toEqual(['symbol', 'alerts', 'upgrade']);
  });
});

describe(closeAllModals.name, () => {
  it('empties the stack', () => {
    expect(closeAllModals()).toEqual([]);
  });
});

describe('modal registry', () => {
  it('names every modal kind of SPEC §2', () => {
    // SPEC §2's 53 kinds plus the symbol search window.
    expect(MODAL_KINDS).toHaveLength(54);
    for (const kind of [
      'addAvatar',
      'createAccount',
      'signIn',
      'forgotPassword',
      'changeEmail',
      'changePassword',
      'creditCard',
      'deleteAccount',
      'alerts',
      'manageAlerts',
      'updateAllAlerts',
      'onboarding',
      'subscribe',
      'choosePlan',
      'upgrade',
      'upgradeToTeam',
      'welcome',
      'manageSubscription',
      'chargeHistory',
      'newsArticle',
      'earningsTranscript',
      'transcript',
      'symbol',
      'analystRatings',
      'manageAssetList',
      'affiliate',
      'selectedMonthDay',
      'earningsSettings',
      'earnings',
      'video',
      'newsSettings',
      'secFilingsSettings',
      'embedCalendar',
      'symbolEhs',
      'histogramEhs',
      'indexRebalance',
      'learnMoreEhs',
      'secFiling',
      'bulkAddUser',
      'manageOrganization',
      'ipoEvent',
      'economicEvent',
      'callEvent',
      'privacyPolicy',
      'releaseNotes',
      'termsOfService',
      'shortcuts',
      'promotion',
      'createList',
      'editList',
      'deleteList',
      'chooseList',
      'listSelect',
    ]) {
      expect(MODAL_KINDS, kind).toContain(kind);
    }
  });

  it('makes pickers and confirmations stackable and top-level modals replacing', () => {
    for (const kind of [
      'chooseList',
      'listSelect',
      'deleteList',
      'creditCard',
      'secFiling',
      'newsArticle',
      'symbolEhs',
      'histogramEhs',
      'learnMoreEhs',
      'alerts',
      'upgrade',
      'privacyPolicy',
      'termsOfService',
    ] as const) {
      expect(isStackable(kind), kind).toBe(true);
    }
    for (const kind of ['signIn', 'symbol', 'onboarding', 'releaseNotes', 'createAccount', 'choosePlan'] as const) {
      expect(isStackable(kind), kind).toBe(false);
    }
  });

  it('gives every kind a title', () => {
    for (const kind of MODAL_KINDS) expect(MODALS[kind].title.length, kind).toBeGreaterThan(0);
  });
});
