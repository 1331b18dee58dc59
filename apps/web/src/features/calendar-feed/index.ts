/** The calendar-feed feature's public face: what other features use of it. */
export { CalendarFeedSection } from './calendar-feed-section.tsx';
