import type { ChartRange } from '@eh/domain';
import { Box } from '@mui/material';
import { useState } from 'react';
import { type PerformanceType, preferences } from '../../shared/preferences.ts';
import type { AssetList } from '../lists/index.ts';
import { AddHoldingForm } from '../lists/index.ts';
import { useHiddenDetails } from './hidden-details.ts';
import { HoldingsTable } from './holdings-table.tsx';
import { ListControls } from './list-controls.tsx';
import { ListHeader } from './list-header.tsx';
import { ListSummary } from './list-summary.tsx';
import { TradeDialog } from './trade-dialog.tsx';
import { useListFigures } from './use-list-figures.ts';

/** One list: its header, figures, controls, the add form, the holdings and the trade dialog. */
export function ListPanel({
  list,
  pinned,
  onPin,
  withAlerts,
}: {
  list: AssetList;
  pinned: boolean;
  onPin: (id: string | null) => void;
  withAlerts: number;
}) {
  const [detailsHidden, setDetailsHidden] = useHiddenDetails(list.id);
  const [showCash, setShowCash] = useState(() => preferences.get('showCash'));
  const [range, setRange] = useState<ChartRange>(() => preferences.get('portfolioRange'));
  const [performanceType, setPerformanceType] = useState<PerformanceType>(() => preferences.get('performanceType'));
  const [trading, setTrading] = useState<string | null>(null);
  const { figures, holdings, basis, performance, since } = useListFigures(list, range, showCash);

  return (
    <Box data-testid="list-panel">
      <ListHeader list={list} pinned={pinned} onPin={onPin} />
      <ListSummary
        figures={figures}
        basis={basis}
        performance={performance}
        since={since}
        range={range}
        performanceType={performanceType}
        cash={list.cash}
        detailsHidden={detailsHidden}
      />
      <ListControls
        range={range}
        onRange={(next) => {
          setRange(next);
          preferences.set('portfolioRange', next);
        }}
        performanceType={performanceType}
        onPerformanceType={(next) => {
          setPerformanceType(next);
          preferences.set('performanceType', next);
        }}
        showCash={showCash}
        onShowCash={(next) => {
          setShowCash(next);
          preferences.set('showCash', next);
        }}
        detailsHidden={detailsHidden}
        onDetailsHidden={setDetailsHidden}
        withAlerts={withAlerts}
        itemCount={(list.items ?? []).length}
      />
      <AddHoldingForm listId={list.id} />
      <HoldingsTable list={list} holdings={holdings} detailsHidden={detailsHidden} onTrade={setTrading} />
      {trading ? <TradeDialog listId={list.id} symbol={trading} onClose={() => setTrading(null)} /> : null}
    </Box>
  );
}
