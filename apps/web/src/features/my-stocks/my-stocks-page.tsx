import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Tab, Tabs, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageFrame } from '../../components/page-frame.tsx';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { preferences } from '../../shared/preferences.ts';
import { AlertsPanel, useGetAlertsQuery } from '../alerts/index.ts';
import { type AssetList, LISTS_ARGS, useGetListsQuery, useNewList } from '../lists/index.ts';
import { ListPanel } from './list-panel.tsx';

/** The pinned list first, then the others in creation order. */
function orderLists(lists: AssetList[], pinnedId: string | null): AssetList[] {
  const pinned = lists.find((list) => list.id === pinnedId || list.pinned);
  return pinned ? [pinned, ...lists.filter((list) => list !== pinned)] : lists;
}

/** How many of a list's symbols the user has alerts on, from the user's alerts (one cached query). */
function useAlertedSymbols(): Set<string> {
  const { data } = useGetAlertsQuery();
  return useMemo(() => new Set((data?.alerts ?? []).map((alert) => alert.symbol)), [data]);
}

function alertedIn(list: AssetList, alerted: Set<string>): number {
  return (list.items ?? []).filter((item) => alerted.has(item.symbol)).length;
}

export default function MyStocksPage() {
  useDocumentMeta('My Stocks', 'Your stock lists, holdings and how they do.');
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const authKnown = useAppSelectorInTransition((state) => state.auth.status !== 'unknown');
  if (!authKnown) return <PageFrame title="My Stocks">{<Skeleton height={200} />}</PageFrame>;
  if (!signedIn) {
    return (
      <PageFrame
        title="My Stocks"
        description="Keep lists of the stocks you follow and hold, with their value and performance."
      >
        <Button component={RouterLink} to="/signin" variant="contained">
          Sign in to see your lists
        </Button>
      </PageFrame>
    );
  }
  return <SignedInMyStocks />;
}

function SignedInMyStocks() {
  const { data, isLoading, error } = useGetListsQuery(LISTS_ARGS);
  const [selected, setSelected] = useState<string | null>(() => preferences.get('selectedListId'));
  const [pinnedId, setPinnedId] = useState<string | null>(() => preferences.get('pinnedPortfolio'));
  const { openNewList } = useNewList();
  const dispatch = useAppDispatch();
  const alerted = useAlertedSymbols();
  const lists = orderLists(data?.lists ?? [], pinnedId);
  const current = lists.find((list) => list.id === selected) ?? lists[0];

  // A list created here (the create-list modal) becomes the shown one.
  const knownIds = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.lists.map((list) => list.id));
    const created = knownIds.current ? data.lists.find((list) => !knownIds.current?.has(list.id)) : undefined;
    knownIds.current = ids;
    if (created && !created.id.startsWith('optimistic')) setSelected(created.id);
  }, [data]);

  const choose = (id: string) => {
    setSelected(id);
    preferences.set('selectedListId', id);
  };
  const pin = (id: string | null) => {
    setPinnedId(id);
    preferences.set('pinnedPortfolio', id);
  };

  return (
    <PageFrame
      title="My Stocks"
      aside={
        <>
          <Button
            variant="outlined"
            data-testid="manage-alerts"
            startIcon={<NotificationsActiveOutlinedIcon />}
            onClick={() => dispatch(modalOpened({ kind: 'manageAlerts' }))}
          >
            Manage alerts
          </Button>
          <Button variant="contained" data-testid="new-list" onClick={openNewList}>
            New list
          </Button>
        </>
      }
    >
      {error ? <Alert severity="error">{errorMessage(error as ApiError)}</Alert> : null}
      {isLoading ? <Skeleton height={240} /> : null}
      {data && lists.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6">No lists yet</Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Create a list for the stocks you follow or hold.
            </Typography>
            <Button variant="outlined" onClick={openNewList}>
              Create a list
            </Button>
          </CardContent>
        </Card>
      ) : null}
      {lists.length > 0 && current ? (
        <>
          <Tabs
            value={current.id}
            onChange={(_event, id: string) => choose(id)}
            variant="scrollable"
            sx={{ mb: 2 }}
            aria-label="Your lists"
          >
            {lists.map((list) => {
              const withAlerts = alertedIn(list, alerted);
              return (
                <Tab
                  key={list.id}
                  value={list.id}
                  data-testid="list-tab"
                  aria-label={list.name}
                  iconPosition="end"
                  icon={
                    withAlerts ? (
                      <Chip
                        size="small"
                        data-testid="list-alert-count"
                        data-count={withAlerts}
                        icon={<NotificationsActiveOutlinedIcon />}
                        label={withAlerts}
                        title={`${withAlerts} of its symbols on alerts`}
                        sx={{ height: 20, '& .MuiChip-label': { px: 0.75 } }}
                      />
                    ) : undefined
                  }
                  // A long name ends in an ellipsis on one line (the full name is the tab's name and its tooltip).
                  label={
                    <Box
                      component="span"
                      title={list.name}
                      sx={{
                        display: 'block',
                        maxWidth: { xs: 200, sm: 280 },
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {list.name}
                    </Box>
                  }
                  sx={{ minHeight: 48 }}
                />
              );
            })}
          </Tabs>
          <ListPanel
            key={current.id}
            list={current}
            pinned={current.id === pinnedId}
            onPin={pin}
            withAlerts={alertedIn(current, alerted)}
          />
        </>
      ) : null}
      {data ? <AlertsPanel /> : null}
    </PageFrame>
  );
}
