/** The feed feature's public face: what other features use of it. */
export { FeedList } from './feed-list.tsx';
