/** The info feature's public face: what other features use of it. */
export { default as NotFoundPage } from './not-found-page.tsx';
