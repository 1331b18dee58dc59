import { sectionApplies } from '@eh/domain';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import { Box, Button, DialogContent, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ChangeText } from '../../shared/change-text.tsx';
import { DemoBadge } from '../../shared/demo-badge.tsx';
import { formatPrice } from '../../shared/market/format.ts';
import { useGetAssetInfoQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { symbolPath } from '../../shared/routes.ts';
import {
  DEFAULT_SYMBOL_MODAL_TAB,
  isSymbolModalTab,
  MODAL_SECTIONS,
  pageTabFor,
  SYMBOL_MODAL_TABS,
  type SymbolModalTab,
} from '../quote/index.ts';

/**
 * SPEC §2 symbol modal: a company at a glance without leaving the page, on one of its twelve tabs (the same
 * sections as the symbol pages). Props: `symbol`, optional `tab`.
 */
export default function SymbolModal({ entry, onClose }: ModalContentProps<'symbol'>) {
  const symbol = String(entry.props.symbol ?? '');
  const [tab, setTab] = useState<SymbolModalTab>(
    isSymbolModalTab(entry.props.tab) ? entry.props.tab : DEFAULT_SYMBOL_MODAL_TAB,
  );
  const info = useGetAssetInfoQuery({ symbol }, { skip: !symbol });
  const asset = info.data;
  // Only the sections that apply to the asset's type (a coin has no earnings); the asked one, if it does not apply,
  // gives way to the info tab.
  const tabs = asset ? SYMBOL_MODAL_TABS.filter((t) => sectionApplies(asset.type, t.page)) : SYMBOL_MODAL_TABS;
  const shown = tabs.some((t) => t.key === tab) ? tab : DEFAULT_SYMBOL_MODAL_TAB;
  const Section = MODAL_SECTIONS[shown];
  return (
    <DialogContent sx={{ pt: 0 }} data-testid="symbol-modal">
      {asset ? (
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1.5, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h3" component="p" sx={{ fontWeight: 800 }}>
            {asset.symbol}
          </Typography>
          <Typography color="text.secondary">{asset.name}</Typography>
          {asset.quote ? (
            <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
              {formatPrice(asset.quote.price, asset.currency)}{' '}
              <ChangeText change={asset.quote.change} percent={asset.quote.changePercent} />
            </Typography>
          ) : null}
          <DemoBadge source={asset.source} />
          <Button
            component={RouterLink}
            to={symbolPath(symbol, pageTabFor(shown))}
            onClick={onClose}
            size="small"
            endIcon={<OpenInFullIcon />}
            sx={{ ml: 'auto' }}
          >
            Full page
          </Button>
        </Box>
      ) : null}
      <Tabs
        value={shown}
        onChange={(_, value: SymbolModalTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={`${symbol.toUpperCase()} sections`}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((t) => (
          <Tab
            key={t.key}
            value={t.key}
            label={t.label}
            sx={{ minWidth: 'auto', px: 1.5 }}
            data-testid={`symbol-modal-tab-${t.key}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={SYMBOL_MODAL_TABS.find((t) => t.key === shown)?.label}>
        {!symbol ? (
          <EmptyState>No symbol given.</EmptyState>
        ) : asset ? (
          <Section symbol={symbol} asset={asset} compact />
        ) : info.error ? (
          <LoadError error={info.error} onRetry={info.refetch} />
        ) : (
          <LoadingRows rows={5} />
        )}
      </Box>
    </DialogContent>
  );
}
