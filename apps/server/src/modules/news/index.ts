import type { ServerModule } from '../../kernel/module.ts';
import { newsRoutes } from './routes.ts';

export { customGroupSymbols, newsItemExists } from './queries.ts';

export const newsModule: ServerModule = { name: 'news', routes: [newsRoutes] };
