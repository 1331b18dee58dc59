import type { AffiliateRequestStatus } from '@eh/domain';
import { Chip } from '@mui/material';
import { warningTextColor } from '../../shared/theme.ts';
import { REQUEST_STATUS_WORDS } from './affiliate-words.ts';

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

/**
 * An outlined status chip whose words keep 4.5:1 in both themes: green and red from the theme, and for a warning the
 * app's warning text colour (Material's orange is for fills).
 */
export function ToneChip({ tone, label, testId, data }: { tone: Tone; label: string; testId?: string; data?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={label}
      data-testid={testId}
      data-status={data}
      sx={(theme) => {
        const color =
          tone === 'good'
            ? theme.palette.success.main
            : tone === 'bad'
              ? theme.palette.error.main
              : tone === 'warn'
                ? warningTextColor(theme)
                : theme.palette.text.secondary;
        return { color, borderColor: color };
      }}
    />
  );
}

const TONE: Readonly<Record<AffiliateRequestStatus, Tone>> = {
  requested: 'warn',
  approved: 'good',
  rejected: 'neutral',
  revoked: 'bad',
};

export function RequestStatusChip({ status }: { status: AffiliateRequestStatus }) {
  return <ToneChip tone={TONE[status]} label={REQUEST_STATUS_WORDS[status]} testId="affiliate-status" data={status} />;
}
