import type { ServerModule } from '../../kernel/module.ts';
import { shortInterestRoutes } from './routes.ts';

export const shortInterestModule: ServerModule = { name: 'short-interest', routes: [shortInterestRoutes] };
