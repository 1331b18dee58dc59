import type { ServerModule } from '../../kernel/module.ts';
import { healthRoutes } from './routes.ts';

export const healthModule: ServerModule = { name: 'health', routes: [healthRoutes] };
