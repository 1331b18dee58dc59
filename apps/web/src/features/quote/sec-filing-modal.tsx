import { EIGHT_K_ITEMS, SEC_FILING_TYPES } from '@eh/domain';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, DialogActions, DialogContent, Typography } from '@mui/material';
import { formatDate } from '../../shared/market/format.ts';
import { useGetAssetFilesQuery } from '../../shared/market/market-api.ts';
import type { ModalContentProps } from '../../shared/modals/modal-content-props.ts';
import { EmptyState, LoadError, LoadingRows } from '../../shared/query-state.tsx';
import { FilingKindChip } from './sec-filings-tab.tsx';

/** SPEC §2 SEC filing modal: one filing's facts and its link on SEC EDGAR. */
export default function SecFilingModal({ entry, onClose }: ModalContentProps<'secFiling'>) {
  const symbol = String(entry.props.symbol ?? '');
  const filingId = Number(entry.props.filingId);
  const files = useGetAssetFilesQuery({ symbol, types: SEC_FILING_TYPES.join(',') }, { skip: !symbol });
  const filing = files.data?.filings.find((f) => f.id === filingId);
  return (
    <>
      <DialogContent>
        {files.isLoading ? (
          <LoadingRows rows={4} />
        ) : files.error ? (
          <LoadError error={files.error} onRetry={files.refetch} />
        ) : !filing ? (
          <EmptyState>This filing is no longer listed.</EmptyState>
        ) : (
          <Box data-testid="sec-filing">
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
              <FilingKindChip filing={filing} />
              <Typography variant="h3" component="p">
                {symbol.toUpperCase()} · {filing.label}
              </Typography>
            </Box>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
            >
              <Typography component="dt" color="text.secondary">
                Form
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {filing.form}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Filed
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {formatDate(filing.filedDate)}
              </Typography>
              {filing.periodOfReport ? (
                <>
                  <Typography component="dt" color="text.secondary">
                    Period
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {formatDate(filing.periodOfReport)}
                  </Typography>
                </>
              ) : null}
              <Typography component="dt" color="text.secondary">
                Accession no.
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
                {filing.accessionNumber}
              </Typography>
              <Typography component="dt" color="text.secondary">
                Source
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {filing.source === 'demo' ? 'Demo data' : filing.source.toUpperCase()}
              </Typography>
            </Box>
            {filing.items.length > 0 ? (
              <>
                <Typography variant="h4" component="p" sx={{ mt: 2, mb: 0.5 }}>
                  Items
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {filing.items.map((item) => (
                    <li key={item}>
                      <Typography>
                        {item} {EIGHT_K_ITEMS[item] ? `· ${EIGHT_K_ITEMS[item]}` : ''}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </>
            ) : null}
            {filing.description ? <Typography sx={{ mt: 2 }}>{filing.description}</Typography> : null}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        {filing ? (
          <Button
            variant="contained"
            href={filing.url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
          >
            Open on SEC EDGAR
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
}
