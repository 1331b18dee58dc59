/** The notifications feature's public face: what other features use of it. */
export { NotificationsSection } from './notifications-section.tsx';
export { NotificationProvidersSection } from './providers-section.tsx';
