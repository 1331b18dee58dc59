import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { type AppLinks, fetchAppLinks } from '../../platform/app-links.ts';
import {
  APP_PROMPT_APP_STORE,
  APP_PROMPT_CLOSE,
  APP_PROMPT_GOOGLE_PLAY,
  APP_PROMPT_TEXT,
  APP_PROMPT_TITLE,
} from '../../platform/words.ts';
import { APP_NAME } from '../../shared/constants.ts';
import { preferences } from '../../shared/preferences.ts';

/**
 * The web's mobile-app prompt for phone visitors (a chunk loaded only at phone width, mobile-app-prompt.tsx): the
 * stores the apps are listed in (app-links.ts), closed for good with its close button. Shows nothing while no store
 * is listed.
 */
export default function WebAppPrompt() {
  const [links, setLinks] = useState<AppLinks | null>(null);
  const [dismissed, setDismissed] = useState(() => preferences.get('mobileAppPromptDismissed'));
  useEffect(() => {
    let live = true;
    void fetchAppLinks().then((answer) => {
      if (live) setLinks(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  if (dismissed || !links || (!links.appStore && !links.googlePlay)) return null;
  const close = () => {
    preferences.set('mobileAppPromptDismissed', true);
    setDismissed(true);
  };
  return (
    <Paper
      component="aside"
      role="complementary"
      aria-labelledby="mobile-app-prompt-title"
      data-testid="mobile-app-prompt"
      elevation={8}
      sx={{
        position: 'fixed',
        left: 8,
        right: 8,
        bottom: 'calc(8px + env(safe-area-inset-bottom, 0px))',
        zIndex: (theme) => theme.zIndex.snackbar - 1,
        p: 2,
        pr: 5,
        borderRadius: 2,
      }}
    >
      <IconButton
        aria-label={APP_PROMPT_CLOSE}
        onClick={close}
        size="small"
        sx={{ position: 'absolute', top: 6, right: 6 }}
        data-testid="mobile-app-prompt-close"
      >
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography id="mobile-app-prompt-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {APP_PROMPT_TITLE(APP_NAME, { appStore: Boolean(links.appStore), googlePlay: Boolean(links.googlePlay) })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {APP_PROMPT_TEXT}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        {links.appStore && (
          <Button variant="contained" size="small" href={links.appStore} target="_blank" rel="noopener noreferrer">
            {APP_PROMPT_APP_STORE}
          </Button>
        )}
        {links.googlePlay && (
          <Button variant="contained" size="small" href={links.googlePlay} target="_blank" rel="noopener noreferrer">
            {APP_PROMPT_GOOGLE_PLAY}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
