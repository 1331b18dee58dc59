import { DialogContent } from '@mui/material';
import { AlertsPanel } from '../alerts/alerts-panel.tsx';

/**
 * The alerts, manage alerts and update all alerts modals: the My Stocks alerts panel (every alert with its
 * switches, and the column switches that update all alerts at once), in the modal frame.
 */
export default function AlertsModal() {
  return (
    <DialogContent dividers sx={{ '& [data-testid="alerts-panel"]': { mt: 0 } }}>
      <AlertsPanel />
    </DialogContent>
  );
}
