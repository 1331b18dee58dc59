import { CALL_SEARCH_DEFAULT_SOURCES, callSearchPagePath, searchSourcesOf } from '@eh/domain';
import { Box, Button, Link, List, ListItem, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import {
  type SavedSearches,
  useDeleteSavedCallSearchMutation,
  useGetSavedCallSearchesQuery,
} from './call-search-api.ts';
import { SOURCE_LABELS } from './sources.ts';

/** A saved search's page, in the sources it looks in; and those sources in words when they are not the default. */
function opened(search: SavedSearches['searches'][number]) {
  const sources = searchSourcesOf(search.filters.sources);
  if (sources.join(',') === CALL_SEARCH_DEFAULT_SOURCES.join(','))
    return { to: callSearchPagePath(search.query), lookIn: null };
  return {
    to: `${callSearchPagePath(search.query)}&sources=${sources.join(',')}`,
    lookIn: `In ${sources.map((source) => SOURCE_LABELS[source]).join(', ')}`,
  };
}

/** The profile's keyword alerts: each saved search opens the search, and can be removed. */
export function SavedSearchesSection() {
  const saved = useGetSavedCallSearchesQuery();
  const [remove, removing] = useDeleteSavedCallSearchMutation();
  const searches = saved.data?.searches ?? [];
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1 }}
      data-testid="profile-saved-searches"
    >
      <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 700 }}>
        Keyword alerts
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Searches you saved on{' '}
        <Link component={RouterLink} to={callSearchPagePath('')}>
          Search inside calls
        </Link>
        : a new call (or article, filing or summary, where you chose them) that says them alerts you once.
      </Typography>
      {searches.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {saved.isLoading ? 'Loading…' : 'No saved searches yet.'}
        </Typography>
      ) : (
        <List dense disablePadding>
          {searches.map((search) => (
            <ListItem
              key={search.id}
              disableGutters
              secondaryAction={
                <Button size="small" disabled={removing.isLoading} onClick={() => void remove(search.id)}>
                  Remove
                </Button>
              }
            >
              <Box sx={{ minWidth: 0, pr: 9 }}>
                <Link component={RouterLink} to={opened(search).to} noWrap sx={{ display: 'block' }}>
                  {search.query}
                </Link>
                {opened(search).lookIn ? (
                  <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
                    {opened(search).lookIn}
                  </Typography>
                ) : null}
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
