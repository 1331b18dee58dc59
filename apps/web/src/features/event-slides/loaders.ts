/** The event's slides section, a chunk of its own. */
export const loadEventSlidesSection = () => import('./event-slides-section.tsx');
