import { Button, DialogActions, DialogContent } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { MethodView } from './method-view.tsx';

/** SPEC §2 learn more EHS modal: the published method. */
export default function LearnMoreEhsModal({ onClose }: ModalContentProps<'learnMoreEhs'>) {
  return (
    <>
      <DialogContent dividers>
        <MethodView headingOffset={1} />
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to="/ehs/learn-more" onClick={onClose}>
          Open as a page
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}
