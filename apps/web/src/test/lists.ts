import type {
  AssetList,
  BodyOf,
  createList,
  getAlerts,
  getLists,
  getListTransactions,
  getOhlc,
  getPlans,
  getQuotes,
  ResponseOf,
  updateList,
  updateListItem,
} from '@eh/contracts';
import { paths } from '@eh/contracts/paths';
import { ALERT_DEFAULTS, canCreateList, encodeStaticAssetList, listLimitMessage, type Plan } from '@eh/domain';
import { HttpResponse, http } from 'msw';
import { accountOn, answerMe } from './accounts.ts';
import { network } from './network.ts';

type Alert = ResponseOf<typeof getAlerts>['alerts'][number];

export const READER_ID = '00000000-0000-4000-8000-000000000001';

/** A list as the server keeps it: `n` numbers its id (and orders its creation), items are [symbol, shares] pairs. */
export function listOf(n: number, name: string, cash = 0, items: [string, number][] = []): AssetList {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const created = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return {
    id,
    name,
    cash,
    pinned: false,
    createdAt: created,
    items: items.map(([symbol, quantity]) => ({
      listId: id,
      userId: READER_ID,
      symbol,
      assetType: 'stock',
      quantity,
      createdDate: created,
    })),
  };
}

/** The reader's alert on `symbol`, with the SPEC defaults. */
export const alertOn = (symbol: string): Alert => ({
  userId: READER_ID,
  symbol,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
  ...ALERT_DEFAULTS,
});

/** A change the server received: its method, path and body (the body only when there is one). */
export interface Received {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * A server holding the reader's lists on `plan`: it answers the lists, their items and what My Stocks reads beside
 * them (quotes at `prices`, no transactions, the reader's `alerts`, a symbol list of the priced symbols), keeps every
 * change, and refuses a list past the plan's limit with the server's message. `received` notes each change in order.
 */
export function answerLists(
  plan: Plan,
  held: AssetList[],
  { prices = {}, alerts = [] }: { prices?: Record<string, number>; alerts?: Alert[] } = {},
) {
  answerMe(plan);
  const listLimit = accountOn(plan).accountFeatures.listLimit;
  const server = { lists: structuredClone(held), received: [] as Received[] };
  // The server's own lists are numbered past any a test makes.
  let created = 100;
  const find = (id: unknown) => server.lists.find((list) => list.id === id);
  const note = (request: Request, body?: unknown) =>
    server.received.push({
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
      ...(body === undefined ? {} : { body }),
    });
  const missing = () => HttpResponse.json({ message: 'List not found', code: 'NOT_FOUND' }, { status: 404 });

  network.use(
    http.get(`*${paths.getLists}`, ({ request }) => {
      const withItems = new URL(request.url).searchParams.get('includeItems') === 'true';
      const lists = server.lists.map(({ items, ...list }) => (withItems ? { ...list, items } : list));
      return HttpResponse.json({ lists, listLimit } satisfies ResponseOf<typeof getLists>);
    }),
    http.post(`*${paths.createList}`, async ({ request }) => {
      const body = (await request.json()) as BodyOf<typeof createList>;
      note(request, body);
      if (!canCreateList({ listLimit }, server.lists.length)) {
        return HttpResponse.json({ message: listLimitMessage(listLimit), code: 'FORBIDDEN' }, { status: 403 });
      }
      created += 1;
      const list = { ...listOf(created, body.name, body.cash ?? 0), pinned: body.pinned ?? false };
      server.lists.push(list);
      return HttpResponse.json(list, { status: 201 });
    }),
    http.post(`*${paths.updateList}`, async ({ request, params }) => {
      const body = (await request.json()) as BodyOf<typeof updateList>;
      note(request, body);
      const list = find(params.id);
      if (!list) return missing();
      Object.assign(list, body);
      return HttpResponse.json(list);
    }),
    http.delete(`*${paths.deleteList}`, ({ request, params }) => {
      note(request);
      if (!find(params.id)) return missing();
      server.lists = server.lists.filter((list) => list.id !== params.id);
      return HttpResponse.json({ id: String(params.id), deleted: true as const });
    }),
    http.post(`*${paths.addListItem}`, async ({ request, params }) => {
      const body = (await request.json()) as { symbol: string; quantity?: number };
      note(request, body);
      const list = find(params.listId);
      if (!list) return missing();
      const symbol = body.symbol.toUpperCase();
      if (!list.items?.some((item) => item.symbol === symbol)) {
        list.items = [
          ...(list.items ?? []),
          {
            listId: list.id,
            userId: READER_ID,
            symbol,
            assetType: 'stock',
            quantity: body.quantity ?? 0,
            createdDate: '2026-02-01T00:00:00.000Z',
          },
        ];
      }
      return HttpResponse.json(list, { status: 201 });
    }),
    http.post(`*${paths.updateListItem}`, async ({ request, params }) => {
      const body = (await request.json()) as BodyOf<typeof updateListItem>;
      note(request, body);
      const item = find(params.listId)?.items?.find((candidate) => candidate.symbol === params.symbol);
      if (!item) return missing();
      if (body.quantity !== undefined) item.quantity = body.quantity;
      return HttpResponse.json(find(params.listId));
    }),
    http.delete(`*${paths.removeListItem}`, ({ request, params }) => {
      note(request);
      const list = find(params.listId);
      if (!list) return missing();
      list.items = (list.items ?? []).filter((item) => item.symbol !== params.symbol);
      return HttpResponse.json(list);
    }),
    http.get(`*${paths.getListTransactions}`, ({ params }) =>
      HttpResponse.json({
        listId: String(params.listId),
        transactions: [],
      } satisfies ResponseOf<typeof getListTransactions>),
    ),
    http.get(`*${paths.getQuotes}`, ({ request }) => {
      const symbols = (new URL(request.url).searchParams.get('stocks') ?? '').split(',').filter(Boolean);
      const quotes = symbols.flatMap((symbol) => {
        const price = prices[symbol];
        if (price === undefined) return [];
        return [
          {
            symbol,
            type: 'stock' as const,
            name: symbol,
            price,
            prevClose: price,
            open: price,
            lowPrice: price,
            highPrice: price,
            volume: 1_000,
            change: 0,
            changePercent: 0,
            quotedAt: '2026-02-02T15:00:00.000Z',
            source: 'test',
          },
        ];
      });
      const missing = symbols
        .filter((symbol) => prices[symbol] === undefined)
        .map((symbol) => ({ symbol, type: 'stock' as const }));
      return HttpResponse.json({ quotes, missing } satisfies ResponseOf<typeof getQuotes>);
    }),
    http.get(`*${paths.getOhlc}`, () =>
      HttpResponse.json({ date: null, bars: [], missing: [] } satisfies ResponseOf<typeof getOhlc>),
    ),
    http.get(`*${paths.getAlerts}`, () => HttpResponse.json({ alerts } satisfies ResponseOf<typeof getAlerts>)),
    // The add-holding box's symbol search: loaded once a page, by the first test of a file that shows the box.
    http.get(`*${paths.getStaticAssets}`, () =>
      HttpResponse.json(
        encodeStaticAssetList(
          Object.keys(prices).map((symbol) => ({ symbol, name: `${symbol} Inc.`, type: 'stock' as const })),
          'test',
        ),
      ),
    ),
  );
  return server;
}

/** The price list the upgrade modal reads: billing off, so it says plans can't be bought online. */
export function answerPlans() {
  network.use(
    http.get(`*${paths.getPlans}`, () =>
      HttpResponse.json({
        app: 'earningshub',
        defaultPriceType: 'yearly',
        plans: [],
        billing: null,
      } satisfies ResponseOf<typeof getPlans>),
    ),
  );
}
