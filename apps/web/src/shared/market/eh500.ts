import { EH500_INDEX_ID } from '@eh/domain';
import { useState } from 'react';
import { errorStatus } from '../api.ts';
import { useGetMarketIndexQuery } from './market-api.ts';

/** How often a reader waiting for the index's first ranking asks again (the ranking follows the history fill). */
export const EH500_NOT_RANKED_POLL_MS = 10_000;

/**
 * The EH500 as every section reads it. Before its first ranking the server answers 404 with words for the reader
 * (`EH500_NOT_RANKED`): that is a wait, not a failure, so the section says so and asks again until it is in.
 */
export function useEh500Index(options: { skip?: boolean } = {}) {
  const [waiting, setWaiting] = useState(false);
  const index = useGetMarketIndexQuery(
    { id: EH500_INDEX_ID },
    { skip: options.skip, pollingInterval: waiting ? EH500_NOT_RANKED_POLL_MS : 0 },
  );
  const notRanked = errorStatus(index.error) === 404;
  if (notRanked !== waiting) setWaiting(notRanked);
  return { ...index, notRanked };
}
