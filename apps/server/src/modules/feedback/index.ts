import type { ServerModule } from '../../kernel/module.ts';
import { feedbackRoutes } from './routes.ts';

export const feedbackModule: ServerModule = { name: 'feedback', routes: [feedbackRoutes] };
