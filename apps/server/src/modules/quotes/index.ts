import type { ServerModule } from '../../kernel/module.ts';

export {
  type AssetRow,
  assetIdOf,
  barColumns,
  findAsset,
  findAssets,
  type HistoryParams,
  inAssetWindow,
  popularAssetIds,
  popularSymbols,
  type QuoteRow,
  quotesOf,
  symbolKeys,
  type WindowParams,
} from './queries.ts';

import { quotesRoutes } from './routes.ts';

export {
  checkWindow,
  findAssetSummary,
  type HistoryQuery,
  historyStart,
  type Query,
  requireAsset,
  today,
  toQuote,
} from './service.ts';
export { matchesEtag } from './static-files.ts';

export const quotesModule: ServerModule = { name: 'quotes', routes: [quotesRoutes] };
