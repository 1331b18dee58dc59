import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { answerPushPrompt, usePushPromptOpen } from './push-prompt-state.ts';
import { PUSH_PROMPT_NOT_NOW, PUSH_PROMPT_OK, PUSH_PROMPT_TEXT, PUSH_PROMPT_TITLE } from './words.ts';

/** SPEC §4's push prompt (native): shown when the login check asks it; OK goes on to the system's dialog. */
export function PushPromptDialog() {
  const open = usePushPromptOpen();
  return (
    <Dialog
      open={open}
      onClose={() => answerPushPrompt('notNow')}
      aria-labelledby="push-prompt-title"
      aria-describedby="push-prompt-text"
      data-testid="push-prompt"
    >
      <DialogTitle id="push-prompt-title">{PUSH_PROMPT_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText id="push-prompt-text">{PUSH_PROMPT_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answerPushPrompt('notNow')}>{PUSH_PROMPT_NOT_NOW}</Button>
        <Button variant="contained" onClick={() => answerPushPrompt('ok')} autoFocus>
          {PUSH_PROMPT_OK}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
