import type { ServerModule } from '../../kernel/module.ts';
import { priceHistoryRoutes } from './routes.ts';

export const priceHistoryModule: ServerModule = { name: 'price-history', routes: [priceHistoryRoutes] };
