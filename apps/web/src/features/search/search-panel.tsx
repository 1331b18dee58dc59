import { callSearchPagePath, SEARCH_MAX_RESULTS, searchAssets } from '@eh/domain';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Chip,
  InputAdornment,
  List,
  ListItemButton,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { type KeyboardEvent, useDeferredValue, useId, useLayoutEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ChangeText } from '../../shared/change-text.tsx';
import { formatCompact, formatPrice } from '../../shared/market/format.ts';
import { useGetMoversQuery, useGetTopMarketQuery } from '../../shared/market/market-api.ts';
import { takeTypedAhead } from '../../shared/modals/typed-ahead.ts';
import { preferences } from '../../shared/preferences.ts';
import { LoadingRows } from '../../shared/query-state.tsx';
import { SymbolLogo } from '../../shared/symbol-logo.tsx';
import { type AssetCatalog, useAssetCatalog } from './asset-index.ts';
import {
  ASSET_TYPE_LABELS,
  moveActive,
  quotePath,
  SEARCH_TAB_ROWS,
  SEARCH_TABS,
  type SearchRow,
  type SearchTabKey,
} from './search-model.ts';

function useTabRows(tab: SearchTabKey, catalog: AssetCatalog | null, recent: readonly string[]) {
  const movers = useGetMoversQuery(
    { type: tab === 'gainers' ? 'gainers' : tab === 'losers' ? 'losers' : 'popular', limit: SEARCH_TAB_ROWS },
    { skip: tab === 'marketCap' || tab === 'history' },
  );
  const top = useGetTopMarketQuery({ limit: SEARCH_TAB_ROWS }, { skip: tab !== 'marketCap' });
  return useMemo((): { rows: SearchRow[]; loading: boolean; error: boolean } => {
    if (tab === 'history') {
      const rows = recent.map((symbol): SearchRow => {
        const asset = catalog?.bySymbol.get(symbol);
        return { symbol, name: asset?.name ?? '', type: asset?.type ?? 'stock', marketCap: asset?.marketCap ?? null };
      });
      return { rows, loading: false, error: false };
    }
    if (tab === 'marketCap') {
      const rows = (top.data?.assets ?? []).map((asset) => ({
        symbol: asset.symbol,
        name: asset.name,
        type: asset.type,
        price: asset.quote?.price ?? null,
        changePercent: asset.quote?.changePercent ?? null,
        marketCap: asset.marketCap,
      }));
      return { rows, loading: top.isLoading, error: Boolean(top.error) };
    }
    const rows = (movers.data?.assets ?? []).map((asset) => ({
      symbol: asset.symbol,
      name: asset.name,
      type: asset.type,
      price: asset.price,
      changePercent: asset.changePercent,
      marketCap: asset.marketCap,
    }));
    return { rows, loading: movers.isLoading, error: Boolean(movers.error) };
  }, [tab, catalog, recent, movers.data, movers.isLoading, movers.error, top.data, top.isLoading, top.error]);
}

export interface SearchPanelProps {
  /** Called after a symbol was chosen (the modal closes itself). */
  onChosen?: () => void;
  /** Escape on an empty box (the modal closes). */
  onEscape?: () => void;
  autoFocus?: boolean;
}

/**
 * Symbol search (SPEC §2, §5, §9): a combobox over the static asset list, and the Popular, Market Cap, Gainers,
 * Losers and History tabs while the box is blank. Arrows move through the list, Enter opens the symbol, Escape
 * clears the box (then closes the modal). The last five symbols opened are kept.
 */
export function SearchPanel({ onChosen, onEscape, autoFocus }: SearchPanelProps) {
  const navigate = useNavigate();
  const ids = useId();
  const listId = `${ids}-list`;
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [tab, setTab] = useState<SearchTabKey>('popular');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<readonly string[]>(() => preferences.get('recentSymbols'));
  // The field that takes the focus also takes what was typed while the search's code loaded.
  useLayoutEffect(() => {
    if (!autoFocus) return;
    const typed = takeTypedAhead();
    if (typed) setQuery(typed);
  }, [autoFocus]);
  const catalogState = useAssetCatalog();
  const catalog = catalogState.status === 'ready' ? catalogState.catalog : null;
  const searching = deferred.trim() !== '';
  const results = useMemo((): SearchRow[] => {
    if (!catalog || !searching) return [];
    return searchAssets(catalog.index, deferred, { limit: SEARCH_MAX_RESULTS }).map((asset) => ({
      symbol: asset.symbol,
      name: asset.name,
      type: asset.type,
      marketCap: asset.marketCap ?? null,
    }));
  }, [catalog, deferred, searching]);
  const tabRows = useTabRows(tab, catalog, recent);
  const rows = searching ? results : tabRows.rows;

  const choose = (row: SearchRow) => {
    setRecent(preferences.addRecentSymbol(row.symbol));
    onChosen?.();
    navigate(quotePath(row.symbol));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => moveActive(current, rows.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'Enter') {
      const row = rows[active] ?? (searching ? rows[0] : undefined);
      if (row) {
        event.preventDefault();
        choose(row);
      }
    } else if (event.key === 'Escape') {
      if (query !== '') {
        event.preventDefault();
        event.stopPropagation();
        setQuery('');
        setActive(-1);
      } else onEscape?.();
    }
  };

  const optionId = (index: number) => `${ids}-option-${index}`;
  const emptyText = searching
    ? catalog
      ? `No symbol or company matches “${deferred.trim()}”.`
      : ''
    : tab === 'history'
      ? 'Symbols you open from search appear here (the last five).'
      : 'Nothing to list right now.';

  return (
    <Box data-testid="search-panel">
      <TextField
        fullWidth
        autoFocus={autoFocus}
        value={query}
        placeholder="Search a symbol or company"
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
          htmlInput: {
            role: 'combobox',
            'aria-label': 'Search symbols',
            'aria-expanded': true,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': active >= 0 && active < rows.length ? optionId(active) : undefined,
            autoComplete: 'off',
            spellCheck: false,
            enterKeyHint: 'go',
          },
        }}
      />
      {searching ? null : (
        <Tabs
          value={tab}
          onChange={(_, value: SearchTabKey) => {
            setTab(value);
            setActive(-1);
          }}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Browse symbols"
          sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          {SEARCH_TABS.map((item) => (
            <Tab key={item.key} value={item.key} label={item.label} />
          ))}
        </Tabs>
      )}
      {/* Above what the symbol list's loading shows and removes: the offer stays under the pointer as it lands. */}
      {searching ? (
        <Button
          component={RouterLink}
          to={callSearchPagePath(deferred)}
          onClick={() => onChosen?.()}
          startIcon={<SearchIcon />}
          sx={{ mt: 1, justifyContent: 'flex-start', textTransform: 'none' }}
          data-testid="search-inside-calls"
        >
          Search inside calls for “{deferred.trim()}”
        </Button>
      ) : null}
      {catalogState.status === 'error' && searching ? (
        <Alert
          severity="error"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={catalogState.retry}>
              Retry
            </Button>
          }
        >
          {catalogState.message}
        </Alert>
      ) : null}
      {(searching && !catalog && catalogState.status === 'loading') || (!searching && tabRows.loading) ? (
        <Box sx={{ mt: 1 }}>
          <LoadingRows rows={6} height={44} />
        </Box>
      ) : null}
      <List
        id={listId}
        role="listbox"
        aria-label={searching ? 'Search results' : `${SEARCH_TABS.find((t) => t.key === tab)?.label} symbols`}
        dense
        sx={{ mt: 0.5 }}
        data-testid="search-results"
      >
        {rows.map((row, index) => (
          <ListItemButton
            key={`${row.type}:${row.symbol}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            selected={index === active}
            tabIndex={-1}
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(row)}
            data-testid="search-row"
            sx={{ gap: 1.5, borderRadius: 1, py: 0.75 }}
          >
            <SymbolLogo symbol={row.symbol} size={32} />
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {row.symbol}
                </Typography>
                {row.type !== 'stock' ? (
                  <Chip size="small" variant="outlined" label={ASSET_TYPE_LABELS[row.type]} sx={{ height: 20 }} />
                ) : null}
              </Box>
              <Typography variant="body2" color="text.secondary" noWrap>
                {row.name}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              {row.price !== undefined && row.price !== null ? (
                <>
                  <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                    {formatPrice(row.price)}
                  </Typography>
                  <Typography variant="caption">
                    <ChangeText percent={row.changePercent} />
                  </Typography>
                </>
              ) : row.marketCap ? (
                <Typography variant="caption" color="text.secondary">
                  {formatCompact(row.marketCap, { currency: true })}
                </Typography>
              ) : null}
            </Box>
          </ListItemButton>
        ))}
      </List>
      {rows.length === 0 && emptyText && !(searching ? !catalog : tabRows.loading) ? (
        <Typography color="text.secondary" sx={{ py: 2, px: 1 }} data-testid="search-empty">
          {emptyText}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' }, px: 1 }}>
        ↑ ↓ to move · Enter to open · Esc to clear or close
      </Typography>
    </Box>
  );
}
