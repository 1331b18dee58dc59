import type { ServerModule } from '../../kernel/module.ts';
import { transactionsRoutes } from './routes.ts';

export const transactionsModule: ServerModule = { name: 'transactions', routes: [transactionsRoutes] };
