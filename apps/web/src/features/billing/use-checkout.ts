import { skipToken } from '@reduxjs/toolkit/query/react';
import { type RefObject, useRef, useState } from 'react';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { preferences } from '../../shared/preferences.ts';
import type { PlanPrices } from '../pricing/index.ts';
import { type CardChoiceValue, chosenCard, NEW_CARD } from './card-choice.tsx';
import type { CardFieldsHandle } from './card-fields.tsx';
import { type CardSetup, useCardSetup } from './card-setup.ts';
import { useGetPaymentMethodsQuery, useSubscribeMutation } from './payments-api.ts';
import { type CheckoutOrder, cardsReady, type Subscriber, subscribeCall } from './subscriber.ts';
import { useGetTeamPaymentMethodsQuery, useSubscribeTeamMutation } from './team-payments-api.ts';

export interface Checkout {
  subscriber: Subscriber;
  billing: PlanPrices['billing'];
  /** Billing is on and the subscriber can pay (a person signed in): the cards are listed and the pay button shows. */
  ready: boolean;
  cardsLoading: boolean;
  saved: readonly { id: number; brand: string; last4: string; expMonth: number; expYear: number }[];
  selected: CardChoiceValue;
  choose(choice: CardChoiceValue): void;
  card: CardSetup;
  cardRef: RefObject<CardFieldsHandle | null>;
  busy: boolean;
  /** Why the last payment was refused, in the provider's or the server's words. */
  problem: string | null;
  /** Pays for `order` with the card chosen; `onPaid` runs once the server has taken it. */
  pay(order: CheckoutOrder, onPaid: () => void): Promise<void>;
  /** Whether the pay button may be pressed for this quote, unless something else stands in the way. */
  canPay(quote: unknown, blocked?: boolean): boolean;
}

/**
 * The steps every card checkout shares, for the subscriber it is given: the subscriber's saved cards (listed once
 * billing is on and, a person, signed in), the card chosen or a new one (its SetupIntent asked for when chosen),
 * then the subscriber's subscribe call. A refused card shows the provider's words, changes nothing and asks for a
 * fresh SetupIntent.
 */
export function useCheckout(
  subscriber: Subscriber,
  billing: PlanPrices['billing'],
  signedIn?: boolean | null,
): Checkout {
  const ready = cardsReady(subscriber, !!billing, signedIn);
  const orgId = subscriber.kind === 'team' ? subscriber.orgId : null;
  const [choice, setChoice] = useState<CardChoiceValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cardRef = useRef<CardFieldsHandle>(null);

  const personCards = useGetPaymentMethodsQuery(undefined, { skip: !ready || orgId !== null });
  const teamCards = useGetTeamPaymentMethodsQuery(ready && orgId !== null ? { orgId } : skipToken);
  const cards = orgId === null ? personCards : teamCards;
  const saved = cards.data?.paymentMethods ?? [];
  const selected = chosenCard(choice, saved);
  const card = useCardSetup(ready && !cards.isLoading && selected === NEW_CARD, subscriber);
  const [subscribe] = useSubscribeMutation();
  const [subscribeTeam] = useSubscribeTeamMutation();

  const pay = async (order: CheckoutOrder, onPaid: () => void) => {
    setProblem(null);
    setBusy(true);
    try {
      let method: string | undefined;
      if (selected === NEW_CARD) {
        const collected = await cardRef.current?.collect();
        if (!collected) return;
        method = collected;
      } else {
        method = saved.find((row) => row.id === selected)?.stripePaymentMethodId;
      }
      const call = subscribeCall(subscriber, order, method, preferences.get('affiliateId'));
      if (call.endpoint === 'subscribeTeam') await subscribeTeam(call.arg).unwrap();
      else await subscribe(call.arg).unwrap();
      onPaid();
    } catch (error) {
      setProblem(
        error instanceof Error ? error.message : errorMessage(error as ApiError, 'The payment could not be made.'),
      );
      if (card.setup?.provider === 'stripe') card.renew();
    } finally {
      setBusy(false);
    }
  };

  const cardReady = selected !== NEW_CARD || !!card.setup;
  return {
    subscriber,
    billing,
    ready,
    cardsLoading: cards.isLoading,
    saved,
    selected,
    choose: setChoice,
    card,
    cardRef,
    busy,
    problem,
    pay,
    canPay: (quote, blocked) => ready && !!quote && !blocked && !busy && cardReady,
  };
}
