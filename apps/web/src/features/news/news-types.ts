/** SPEC §3 content types as a reader names them. */
export const NEWS_TYPE_LABELS: Readonly<Record<string, string>> = {
  earnings_results: 'Earnings results',
  transcript: 'Transcript',
  transcript_summary: 'Call summary',
  live_call: 'Live call',
  recorded_call: 'Recorded call',
  story: 'Story',
  headline: 'Headline',
  wiim: 'Why it’s moving',
};

/** The words of the link from a news item to its subject's page on this product (a call's page for call news). */
export const OWN_PAGE_LINK_WORDS: Readonly<Record<string, string>> = {
  transcript: 'Read the transcript',
  transcript_summary: 'Read the summary and the transcript',
  live_call: 'Go to the call',
  recorded_call: 'Listen to the recording',
};
export const OWN_PAGE_LINK_DEFAULT = 'Open the page';
