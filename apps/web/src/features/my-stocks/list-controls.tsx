import { CHART_RANGES, type ChartRange } from '@eh/domain';
import {
  Box,
  FormControlLabel,
  MenuItem,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { PerformanceType } from '../../shared/preferences.ts';

/** The range, dollars or percent, cash in or out, amounts hidden or shown, and how many symbols are on alerts. */
export function ListControls({
  range,
  onRange,
  performanceType,
  onPerformanceType,
  showCash,
  onShowCash,
  detailsHidden,
  onDetailsHidden,
  withAlerts,
  itemCount,
}: {
  range: ChartRange;
  onRange: (range: ChartRange) => void;
  performanceType: PerformanceType;
  onPerformanceType: (type: PerformanceType) => void;
  showCash: boolean;
  onShowCash: (show: boolean) => void;
  detailsHidden: boolean;
  onDetailsHidden: (hidden: boolean) => void;
  withAlerts: number;
  itemCount: number;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <TextField
        select
        size="small"
        label="Range"
        value={range}
        onChange={(event) => onRange(event.target.value as ChartRange)}
      >
        {CHART_RANGES.map((value) => (
          <MenuItem key={value} value={value}>
            {value.toUpperCase()}
          </MenuItem>
        ))}
      </TextField>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={performanceType}
        onChange={(_event, next: PerformanceType | null) => {
          if (next) onPerformanceType(next);
        }}
        aria-label="Performance in"
      >
        <ToggleButton value="dollar">$</ToggleButton>
        <ToggleButton value="percent">%</ToggleButton>
      </ToggleButtonGroup>
      <FormControlLabel
        control={<Switch checked={showCash} onChange={(event) => onShowCash(event.target.checked)} />}
        label="Include cash"
      />
      <FormControlLabel
        control={
          <Switch
            checked={detailsHidden}
            onChange={(event) => onDetailsHidden(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'hide-details' } as object }}
          />
        }
        label="Hide amounts"
      />
      {itemCount > 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="list-alerts" sx={{ ml: { sm: 'auto' } }}>
          {withAlerts} of {itemCount} on alerts
        </Typography>
      ) : null}
    </Box>
  );
}
