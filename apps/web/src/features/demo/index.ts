/** The demo feature's public face: what other features use of it. */
export { TOUR_PAGE_PATH } from './tour-state.ts';
