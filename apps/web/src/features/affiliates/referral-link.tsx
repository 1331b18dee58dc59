import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, TextField } from '@mui/material';
import { useAppDispatch } from '../../shared/hooks.ts';
import { toastShown } from '../../shared/toasts/toasts-slice.ts';
import { referralLink } from './affiliate-words.ts';

/** The approved affiliate's link, selectable and copied with one tap. */
export function ReferralLink({ code }: { code: string }) {
  const dispatch = useAppDispatch();
  const link = referralLink(window.location.origin, code);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(link)
      .then(() => dispatch(toastShown({ message: 'Your referral link is copied.', severity: 'success' })))
      .catch(() => dispatch(toastShown({ message: 'Copy the link by selecting it.', severity: 'info' })));
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        label="Your referral link"
        size="small"
        value={link}
        sx={{ flex: '1 1 260px', minWidth: 0 }}
        slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'affiliate-link' }, inputLabel: { shrink: true } }}
        onFocus={(event) => event.target.select()}
      />
      <Button
        variant="outlined"
        startIcon={<ContentCopyIcon aria-hidden />}
        onClick={copy}
        data-testid="affiliate-copy"
      >
        Copy
      </Button>
    </Box>
  );
}
