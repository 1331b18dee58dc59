import type { ServerModule } from '../../kernel/module.ts';

export { dividendsOf, latestPastExDate } from './queries.ts';

import { dividendsRoutes } from './routes.ts';

export const dividendsModule: ServerModule = { name: 'dividends', routes: [dividendsRoutes] };
