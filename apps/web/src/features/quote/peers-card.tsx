import { Box, ButtonBase, Typography } from '@mui/material';
import { ChangeText } from '../../shared/change-text.tsx';
import { useAppDispatch } from '../../shared/hooks.ts';
import { useEh500Index } from '../../shared/market/eh500.ts';
import { formatPrice } from '../../shared/market/format.ts';
import { useGetQuotesQuery } from '../../shared/market/market-api.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { SectionCard } from '../../shared/section-card.tsx';

/** How many sector peers the overview lists. */
const PEERS = 5;

/**
 * The largest EH500 companies of the same sector, with their quotes; each opens the symbol modal for a quick look
 * without leaving the page.
 */
export function PeersCard({
  symbol,
  sector,
  headingLevel,
}: {
  symbol: string;
  sector: string | null;
  headingLevel: 'h2' | 'h3';
}) {
  const dispatch = useAppDispatch();
  const index = useEh500Index({ skip: !sector });
  const peers = (index.data?.constituents ?? [])
    .filter((c) => c.sector === sector && c.symbol.toUpperCase() !== symbol.toUpperCase())
    .sort((a, b) => (b.marketCap ?? 0) - (a.marketCap ?? 0))
    .slice(0, PEERS);
  const quotes = useGetQuotesQuery({ stocks: peers.map((p) => p.symbol).join(',') }, { skip: peers.length === 0 });
  if (!sector || peers.length === 0) return null;
  return (
    <SectionCard title="Sector peers" headingLevel={headingLevel} subtitle={sector} flush data-testid="peers">
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {peers.map((peer) => {
          const quote = quotes.data?.quotes.find((q) => q.symbol === peer.symbol);
          return (
            <li key={peer.symbol}>
              <ButtonBase
                onClick={() => dispatch(modalOpened({ kind: 'symbol', props: { symbol: peer.symbol } }))}
                title={`Quick look at ${peer.symbol}`}
                sx={{
                  width: '100%',
                  display: 'flex',
                  justifyContent: 'space-between',
                  gap: 1,
                  px: { xs: 2, sm: 2.5 },
                  py: 1,
                  textAlign: 'left',
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
                data-testid="peer"
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>{peer.symbol}</Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {peer.name}
                  </Typography>
                </Box>
                {quote ? (
                  <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                    <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {formatPrice(quote.price)}
                    </Typography>
                    <Typography variant="body2">
                      <ChangeText percent={quote.changePercent} />
                    </Typography>
                  </Box>
                ) : null}
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </SectionCard>
  );
}
