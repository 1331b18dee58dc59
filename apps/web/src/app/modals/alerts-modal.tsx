import { DialogContent } from '@mui/material';
import { AlertsPanel } from '../../features/alerts/alerts-panel.tsx';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';

/**
 * The alerts, manage alerts and update all alerts modals: the My Stocks alerts panel (every alert with its
 * switches, and the column switches that update all alerts at once), in the modal frame. The alerts modal opened
 * from a symbol's header (`symbol` prop) shows that symbol's alert only.
 */
export default function AlertsModal({ entry }: ModalContentProps<'alerts' | 'manageAlerts' | 'updateAllAlerts'>) {
  const symbol = entry.kind === 'alerts' && typeof entry.props.symbol === 'string' ? entry.props.symbol : undefined;
  return (
    <DialogContent dividers>
      <AlertsPanel symbol={symbol} inModal />
    </DialogContent>
  );
}
