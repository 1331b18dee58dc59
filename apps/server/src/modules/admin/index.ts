import type { ServerModule } from '../../kernel/module.ts';
import { adminRoutes } from './routes.ts';

export const adminModule: ServerModule = { name: 'admin', routes: [adminRoutes] };
