import { EH500_INDEX_ID } from '@eh/domain';
import { useState } from 'react';
import { useGetMarketIndexQuery } from './market-api.ts';

/** How often a reader waiting for the index's first ranking asks again (the ranking follows the history fill). */
export const EH500_NOT_RANKED_POLL_MS = 10_000;

/**
 * The EH500 as every section reads it. Before its first ranking the server answers `ranked: false` with no members:
 * that is a wait, not a failure, so the section says so (`EH500_NOT_RANKED`) and asks again until it is in. Sections
 * see no data until then.
 */
export function useEh500Index(options: { skip?: boolean } = {}) {
  const [waiting, setWaiting] = useState(false);
  const index = useGetMarketIndexQuery(
    { id: EH500_INDEX_ID },
    { skip: options.skip, pollingInterval: waiting ? EH500_NOT_RANKED_POLL_MS : 0 },
  );
  const notRanked = index.data?.ranked === false;
  if (notRanked !== waiting) setWaiting(notRanked);
  return { ...index, data: notRanked ? undefined : index.data, notRanked };
}
