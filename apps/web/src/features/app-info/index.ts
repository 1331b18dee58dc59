/** The app-info feature's public face: what other features use of it. */
export { useGetAppInfoQuery } from './app-info-api.ts';
export { provenanceText, useProvenance } from './provenance.ts';
