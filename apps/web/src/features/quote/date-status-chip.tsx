import type { EarningsDateStatus } from '@eh/domain';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import { Chip } from '@mui/material';
import { WARNING_CHIP_SX } from '../../shared/demo-badge.tsx';
import { DATE_STATUS_LABELS } from '../../shared/market/format.ts';

/** Confirmed or estimated, always visible: an estimated date never reads as certain. */
export function DateStatusChip({ status, size = 'small' }: { status: EarningsDateStatus; size?: 'small' | 'medium' }) {
  const confirmed = status === 'confirmed';
  return (
    <Chip
      size={size}
      data-testid="date-status"
      icon={confirmed ? <CheckCircleOutlineIcon /> : <HelpOutlineIcon />}
      label={DATE_STATUS_LABELS[status]}
      color={confirmed ? 'success' : 'warning'}
      variant="outlined"
      sx={confirmed ? { fontWeight: 600 } : WARNING_CHIP_SX}
    />
  );
}
