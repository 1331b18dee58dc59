import type { ServerModule } from '../../kernel/module.ts';
import { appInfoRoutes } from './routes.ts';

export const appInfoModule: ServerModule = { name: 'app-info', routes: [appInfoRoutes] };
