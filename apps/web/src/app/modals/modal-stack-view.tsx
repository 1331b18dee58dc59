import CloseIcon from '@mui/icons-material/Close';
import { Box, CircularProgress, Dialog, DialogTitle, IconButton, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { Suspense, useId } from 'react';
import { useAppDispatch } from '../../shared/hooks.ts';
import { MODALS, type ModalDef } from '../../shared/modals/modal-registry.ts';
import type { ModalEntry } from '../../shared/modals/modal-stack.ts';
import { modalClosed } from '../../shared/modals/modals-slice.ts';
import { modalContent } from './modal-content.ts';

function modalWidth(kind: ModalEntry['kind']): 'sm' | 'md' | 'lg' {
  const def: ModalDef = MODALS[kind];
  return def.width ?? 'sm';
}

function ModalDialog({ entry, fullScreen }: { entry: ModalEntry; fullScreen: boolean }) {
  const dispatch = useAppDispatch();
  const titleId = useId();
  const close = () => dispatch(modalClosed(entry.id));
  const Content = modalContent(entry.kind);
  return (
    <Dialog
      open
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={modalWidth(entry.kind)}
      aria-labelledby={titleId}
      data-testid={`modal-${entry.kind}`}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {MODALS[entry.kind].title}
      </DialogTitle>
      <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <Suspense
        fallback={
          <Box sx={{ display: 'grid', placeItems: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        }
      >
        <Content entry={entry} onClose={close} />
      </Suspense>
    </Dialog>
  );
}

/** Every modal of the stack, the top one last (MUI keeps the latest dialog on top and focused). */
export default function ModalStackView({ stack }: { stack: readonly ModalEntry[] }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <>
      {stack.map((entry) => (
        <ModalDialog key={entry.id} entry={entry} fullScreen={fullScreen} />
      ))}
    </>
  );
}
