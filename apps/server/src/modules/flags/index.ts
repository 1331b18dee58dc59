import { FLAGS_CHANNEL } from '../../kernel/channels.ts';
import type { ServerModule } from '../../kernel/module.ts';
import { flagsRoutes } from './routes.ts';

export { devFlagEnabled, readFlags, setFlag } from './service.ts';

export const flagsModule: ServerModule = { name: 'flags', routes: [flagsRoutes], publishes: [FLAGS_CHANNEL] };
