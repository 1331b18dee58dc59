import type { ServerModule } from '../../kernel/module.ts';

export { fileById, quarterHasFiles } from './queries.ts';

import { filesRoutes } from './routes.ts';

export { toFileMeta } from './service.ts';
export { type Fallback, readStoredStatements, storedEntries } from './stored-analysis.ts';

export const filesModule: ServerModule = { name: 'files', routes: [filesRoutes] };
