import type { ServerModule } from '../../kernel/module.ts';

export { accountEntitlements } from './entitlements.ts';

import { teamsRoutes } from './routes.ts';

export const teamsModule: ServerModule = { name: 'teams', routes: [teamsRoutes] };
