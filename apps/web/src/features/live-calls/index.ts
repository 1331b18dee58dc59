/** The live-calls feature's public face: what other features use of it. */
export { useGetYoutubeStreamQuery } from './live-calls-api.ts';
export { loadLiveCall } from './loaders.ts';
