import type { ServerModule } from '../../kernel/module.ts';
import { marketIndexRoutes } from './routes.ts';

export const marketIndexModule: ServerModule = { name: 'market-index', routes: [marketIndexRoutes] };
