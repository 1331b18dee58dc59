import type { ServerModule } from '../../kernel/module.ts';

export { type EventRow, eventById, selectEvents } from './queries.ts';

import { eventsRoutes } from './routes.ts';

export { toEvent } from './service.ts';

export const eventsModule: ServerModule = { name: 'events', routes: [eventsRoutes] };
