/** The affiliates feature's public face: what other features use of it. */
export { AffiliateRequestsSection } from './affiliate-requests-section.tsx';
export { loadReferral } from './loaders.ts';
