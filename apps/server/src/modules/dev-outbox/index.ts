import type { ServerModule } from '../../kernel/module.ts';
import { devOutboxRoutes } from './routes.ts';

export const devOutboxModule: ServerModule = { name: 'dev-outbox', routes: [devOutboxRoutes] };
