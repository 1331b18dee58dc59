/** The live call (audio, live transcript, comments), a chunk of its own. */
export const loadLiveCall = () => import('./live-call.tsx');
