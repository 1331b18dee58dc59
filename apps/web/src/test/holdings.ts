import {
  type BodyOf,
  ErrorCode,
  type getListTransactions,
  type ListTransaction,
  type ResponseOf,
  type updateListItem,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { transactionEffect } from '@eh/domain';
import { HttpResponse, http } from 'msw';
import type { answerLists } from './lists.ts';
import { network } from './network.ts';

type ListsServer = ReturnType<typeof answerLists>;

/** The body the server sends for a failure it did not expect (kernel/http/errors.ts). */
export const INTERNAL_ERROR = { message: 'Internal server error', code: ErrorCode.internal };

/** Money as the server keeps it: whole cents. */
const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * Trades on the holdings of a lists server (answerLists): a quantity or a buy, sell, add, dividend or comment, each
 * moving shares and cash by the domain's own rule (transactionEffect) and recorded as an executed transaction that
 * the list's transactions read back, newest first. Selling more than is held is refused with the server's message
 * and changes nothing.
 */
export function answerTrades(server: ListsServer) {
  const recorded: ListTransaction[] = [];
  const find = (id: unknown) => server.lists.find((list) => list.id === id);
  network.use(
    http.post(`*${paths.updateListItem}`, async ({ request, params }) => {
      const body = (await request.json()) as BodyOf<typeof updateListItem>;
      server.received.push({
        method: request.method,
        path: new URL(request.url).pathname.replace(/^\/api/, ''),
        body,
      });
      const list = find(params.listId);
      const item = list?.items?.find((candidate) => candidate.symbol === params.symbol);
      if (!list || !item)
        return HttpResponse.json({ message: 'List not found', code: ErrorCode.notFound }, { status: 404 });
      // Kept aside until the change is accepted: a refused one records nothing, as the server's rolled-back one.
      const pending: (Partial<ListTransaction> & Pick<ListTransaction, 'type'>)[] = [];
      const record = (fields: (typeof pending)[number]) => pending.push(fields);
      let quantity = item.quantity;
      if (body.quantity !== undefined && body.quantity !== quantity) {
        if (body.quantity > quantity) record({ type: 'add', quantity: body.quantity - quantity });
        quantity = body.quantity;
      }
      const trade = body.transaction;
      let cash = list.cash;
      if (trade) {
        const values = {
          quantity: 'quantity' in trade ? trade.quantity : null,
          price: 'price' in trade ? (trade.price ?? null) : null,
          amount: 'amount' in trade ? trade.amount : null,
        };
        if (trade.type === 'sell' && trade.quantity > quantity) {
          return HttpResponse.json(
            {
              message: `body.transaction.quantity: cannot sell ${trade.quantity}; the list holds ${quantity} ${item.symbol}`,
              code: ErrorCode.validation,
            },
            { status: 400 },
          );
        }
        const effect = transactionEffect(trade.type, values);
        quantity += effect.quantity;
        cash = cents(cash + effect.cash);
        record({
          type: trade.type,
          ...values,
          amount: trade.type === 'buy' || trade.type === 'sell' ? Math.abs(cents(effect.cash)) : values.amount,
          comment: trade.type === 'comment' ? trade.comment : null,
        });
      }
      for (const fields of pending) {
        recorded.unshift({
          id: recorded.length + 1,
          listId: list.id,
          symbol: item.symbol,
          assetType: item.assetType,
          status: 'executed',
          quantity: null,
          price: null,
          amount: null,
          comment: null,
          executedAt: new Date(Date.UTC(2026, 1, 2, 15, recorded.length)).toISOString(),
          ...fields,
        });
      }
      item.quantity = quantity;
      list.cash = cash;
      return HttpResponse.json(list);
    }),
    http.get(`*${paths.getListTransactions}`, ({ params }) =>
      HttpResponse.json({
        listId: String(params.listId),
        transactions: recorded.filter((transaction) => transaction.listId === params.listId),
      } satisfies ResponseOf<typeof getListTransactions>),
    ),
  );
  return { recorded };
}

/**
 * A server that fails every add of a symbol to a list (500, as an unexpected failure), each answer held until the
 * test calls `release()`: what the page shows while the request is out can be read before the failure lands.
 */
export function failAddsOnRelease(server: ListsServer) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  network.use(
    http.post(`*${paths.addListItem}`, async ({ request }) => {
      server.received.push({
        method: request.method,
        path: new URL(request.url).pathname.replace(/^\/api/, ''),
        body: await request.json(),
      });
      await released;
      return HttpResponse.json(INTERNAL_ERROR, { status: 500 });
    }),
  );
  return { release };
}
