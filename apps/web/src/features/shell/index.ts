/** The shell feature's public face: what other features use of it. */
export { useCurrentPage } from './current-page.ts';
