import { SEARCH_MAX_RESULTS, type SearchAsset, searchAssets } from '@eh/domain';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useDeferredValue, useMemo } from 'react';
import { SymbolLogo } from '../../shared/symbol-logo.tsx';
import { type AssetCatalog, useAssetCatalog } from './asset-index.ts';
import { ASSET_TYPE_LABELS } from './search-model.ts';

/** Lists hold stocks, crypto and OTC names; indexes are looked at, not held. */
const HOLDABLE = (asset: SearchAsset) => asset.type !== 'index';

/** What a lookup box offers for `text`: the symbol search's own ranking (the search modal's), holdable assets only. */
export function lookupOptions(catalog: AssetCatalog | null, text: string): SearchAsset[] {
  if (!catalog || text.trim() === '') return [];
  return searchAssets(catalog.index, text, { limit: SEARCH_MAX_RESULTS }).filter(HOLDABLE);
}

/**
 * The symbol `text` stands for: an exact symbol, else the search's first match ("microsoft" → MSFT); the text
 * itself when nothing matches (the server then names what is wrong).
 */
export function resolveSymbol(catalog: AssetCatalog | null, text: string): string {
  const trimmed = text.trim();
  const exact = catalog?.bySymbol.get(trimmed.toUpperCase());
  if (exact && HOLDABLE(exact)) return exact.symbol;
  return lookupOptions(catalog, trimmed)[0]?.symbol ?? trimmed;
}

/**
 * A symbol box with the app's symbol search behind it (the static asset list, ranked as the search modal ranks):
 * a company name or a symbol, the matches in a list to pick from. `value` is the text in the box; a pick puts its
 * symbol there.
 */
export function SymbolLookupField({
  value,
  onChange,
  label = 'Symbol',
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  label?: string;
  testId?: string;
}) {
  const state = useAssetCatalog();
  const catalog = state.status === 'ready' ? state.catalog : null;
  const deferred = useDeferredValue(value);
  const options = useMemo(() => lookupOptions(catalog, deferred), [catalog, deferred]);
  return (
    <Autocomplete<SearchAsset, false, false, true>
      freeSolo
      autoHighlight
      options={options}
      filterOptions={(all) => all}
      inputValue={value}
      onInputChange={(_event, text) => onChange(text)}
      onChange={(_event, picked) => {
        if (picked && typeof picked !== 'string') onChange(picked.symbol);
      }}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.symbol)}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.25, alignItems: 'center' }}>
          <SymbolLogo symbol={option.symbol} size={24} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {option.symbol}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
              {option.name} · {ASSET_TYPE_LABELS[option.type]}
            </Typography>
          </Box>
        </Box>
      )}
      sx={{ width: { xs: '100%', sm: 260 } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          required
          placeholder="Symbol or company"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: 60, ...(testId ? { 'data-testid': testId } : {}) },
          }}
        />
      )}
    />
  );
}
