import type { ServerModule } from '../../kernel/module.ts';
import { ehsRoutes } from './routes.ts';

export { type RefreshParams, type RefreshResult, refreshMetricsAndIndexes } from './service.ts';

export const ehsModule: ServerModule = { name: 'ehs', routes: [ehsRoutes] };
