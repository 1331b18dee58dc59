import type { ServerModule } from '../../kernel/module.ts';

export { earningsByIds } from './queries.ts';

import { earningsRoutes } from './routes.ts';

export { toEarningsRow } from './service.ts';

export const earningsModule: ServerModule = { name: 'earnings', routes: [earningsRoutes] };
