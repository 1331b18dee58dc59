import { SEC_FILING_KINDS, SEC_FILING_TYPES, type SecFilingType } from '@eh/domain';
import { Box, Button, Checkbox, Chip, DialogActions, DialogContent, FormControlLabel, Typography } from '@mui/material';
import { useState } from 'react';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { setSecFilingSelection, useSecFilingSelection } from './sec-filing-selection.ts';
import { filingChipSx } from './sec-filings-tab.tsx';

/** SPEC §2 SEC filings settings modal: which of the eleven kinds the filings list shows (kept locally). */
export default function SecFilingsSettingsModal({ onClose }: ModalContentProps<'secFilingsSettings'>) {
  const stored = useSecFilingSelection();
  const [chosen, setChosen] = useState<SecFilingType[]>([...stored]);
  const toggle = (key: SecFilingType, on: boolean) =>
    setChosen((current) => (on ? [...current, key] : current.filter((k) => k !== key)));
  return (
    <>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          Choose the filing kinds to list on symbol pages.
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <Button size="small" onClick={() => setChosen([...SEC_FILING_TYPES])}>
            All
          </Button>
          <Button size="small" onClick={() => setChosen([])}>
            None
          </Button>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid="sec-filing-kinds">
          {SEC_FILING_KINDS.map((kind) => (
            <FormControlLabel
              key={kind.key}
              control={
                <Checkbox
                  checked={chosen.includes(kind.key)}
                  onChange={(event) => toggle(kind.key, event.target.checked)}
                />
              }
              label={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  <Chip size="small" label={kind.form} color={kind.color} sx={filingChipSx(kind.color)} /> {kind.label}
                </Box>
              }
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          onClick={() => {
            setSecFilingSelection(chosen);
            onClose();
          }}
        >
          Save
        </Button>
      </DialogActions>
    </>
  );
}
