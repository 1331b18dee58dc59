import NewReleasesOutlined from '@mui/icons-material/NewReleasesOutlined';
import { Box } from '@mui/material';
import { IconAction } from '../../components/icon-action.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { useReleaseNotesHighlight } from './use-release-notes.ts';

export const WHATS_NEW_LABEL = 'What’s new';

/** Opens the release notes; a dot marks notes the user has not seen (SPEC §4). */
export function WhatsNewButton() {
  const dispatch = useAppDispatch();
  const highlighted = useReleaseNotesHighlight();
  const label = highlighted ? `${WHATS_NEW_LABEL} (new release notes)` : WHATS_NEW_LABEL;
  return (
    <IconAction
      aria-label={label}
      title={label}
      data-testid="whats-new-button"
      data-highlighted={highlighted}
      onClick={() => dispatch(modalOpened({ kind: 'releaseNotes' }))}
      sx={{ position: 'relative' }}
    >
      <NewReleasesOutlined />
      {highlighted ? (
        <Box
          component="span"
          aria-hidden
          data-testid="whats-new-dot"
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            width: 9,
            height: 9,
            borderRadius: '50%',
            bgcolor: 'error.main',
            boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
          }}
        />
      ) : null}
    </IconAction>
  );
}
