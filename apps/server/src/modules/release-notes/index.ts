import type { ServerModule } from '../../kernel/module.ts';
import { releaseNotesRoutes } from './routes.ts';

export const releaseNotesModule: ServerModule = { name: 'release-notes', routes: [releaseNotesRoutes] };
