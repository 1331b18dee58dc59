/** The event-slides feature's public face: what other features use of it. */
export { loadEventSlidesSection } from './loaders.ts';
