import type { ServerModule } from '../../kernel/module.ts';
import { calendarFeedRoutes } from './routes.ts';

export const calendarFeedModule: ServerModule = { name: 'calendar-feed', routes: [calendarFeedRoutes] };
