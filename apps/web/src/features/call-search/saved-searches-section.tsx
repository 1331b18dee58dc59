import { callSearchPagePath } from '@eh/domain';
import { Box, Button, Link, List, ListItem, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useDeleteSavedCallSearchMutation, useGetSavedCallSearchesQuery } from './call-search-api.ts';

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
        : a new call that says them alerts you once.
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
                <Link component={RouterLink} to={callSearchPagePath(search.query)} noWrap sx={{ display: 'block' }}>
                  {search.query}
                </Link>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
