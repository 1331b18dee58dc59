/** The partners feature's public face: what other features use of it. */
export { PartnerHero } from './partner-hero.tsx';
