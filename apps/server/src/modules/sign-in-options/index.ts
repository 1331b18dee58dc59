import type { ServerModule } from '../../kernel/module.ts';
import { signInOptionsRoutes } from './routes.ts';

export const signInOptionsModule: ServerModule = { name: 'sign-in-options', routes: [signInOptionsRoutes] };
