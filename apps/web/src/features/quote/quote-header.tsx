import { Box, Chip, Container, Skeleton, Typography } from '@mui/material';
import { ChangeText } from '../../shared/change-text.tsx';
import { DemoBadge } from '../../shared/demo-badge.tsx';
import { formatDateTime, formatPrice, priceDigits } from '../../shared/market/format.ts';
import type { AssetInfoResponse } from '../../shared/market/market-api.ts';
import { useGetMarketStatusQuery, useGetQuoteQuery } from '../../shared/market/market-api.ts';
import { marketStatusLine } from '../../shared/market/market-status.ts';
import { QUOTE_POLL_MS } from '../../shared/market/newer-quote.ts';
import { useTimeZone } from '../../shared/symbol-context.ts';
import { symbolFacts } from '../../shared/symbol-head.ts';
import { SymbolActions } from '../lists/index.ts';
import { LiveIndicator, useLiveQuotes } from '../live/index.ts';

/** The price's type, which its placeholder shares so that the line keeps its height when the quote lands. */
const PRICE_TEXT = {
  fontSize: { xs: '2rem', sm: '2.4rem' },
  fontWeight: 700,
  lineHeight: 1.1,
  fontVariantNumeric: 'tabular-nums',
} as const;

/** The symbol, its name and the quote: price, change, extended-hours price, market status and provenance. */
export function QuoteHeader({ symbol, asset }: { symbol: string; asset: AssetInfoResponse | undefined }) {
  const timeZone = useTimeZone();
  const display = symbol.toUpperCase();
  // Streamed over the live socket into the cached quote (features/live), and polled too: assets no live feed moves
  // (a provider's, refreshed by ingestion) change only by polling; a poll never overwrites a newer streamed quote.
  useLiveQuotes(asset ? [asset] : null);
  const { data: live } = useGetQuoteQuery(
    { type: asset?.type ?? 'stock', symbol },
    { skip: !asset, pollingInterval: QUOTE_POLL_MS },
  );
  const { data: market } = useGetMarketStatusQuery(undefined, { pollingInterval: QUOTE_POLL_MS });
  const quote = live ?? asset?.quote ?? null;
  const status = market && asset?.type !== 'crypto' ? marketStatusLine(market, timeZone) : null;
  const facts = asset ? symbolFacts(asset) : '';
  const extended = quote?.extended;
  return (
    <Container maxWidth="lg" sx={{ pt: { xs: 2, md: 4 }, pb: { xs: 1.5, md: 2 } }}>
      {/* The name and facts line stand where the server's boot shell painted them (app/page-head.ts): the badge
          and actions sit beside them, or under them on a phone, without moving them. */}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          columnGap: 2,
          rowGap: 1,
          flexWrap: { xs: 'wrap', md: 'nowrap' },
        }}
      >
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography
            variant="h1"
            component="h1"
            data-testid="symbol-heading"
            sx={{ display: 'flex', alignItems: 'baseline', gap: 1.25, flexWrap: 'wrap', minWidth: 0 }}
          >
            <Box component="span">{display}</Box>
            {asset ? (
              <Box
                component="span"
                sx={{ fontSize: { xs: '1rem', sm: '1.15rem' }, fontWeight: 500, color: 'text.secondary' }}
              >
                {asset.name}
              </Box>
            ) : null}
          </Typography>
          {facts ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }} data-testid="symbol-facts">
              {facts}
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <DemoBadge source={quote?.source ?? asset?.source} />
          {asset ? <SymbolActions symbol={asset.symbol} /> : null}
        </Box>
      </Box>
      <Box
        data-testid="quote"
        sx={{ display: 'flex', alignItems: 'baseline', gap: { xs: 1, sm: 1.5 }, flexWrap: 'wrap', mt: 1.5 }}
      >
        {quote ? (
          <>
            <Typography component="p" data-testid="quote-price" sx={PRICE_TEXT}>
              {formatPrice(quote.price, asset?.currency)}
            </Typography>
            <Box sx={{ fontSize: { xs: '1rem', sm: '1.15rem' } }} data-testid="quote-change">
              <ChangeText change={quote.change} percent={quote.changePercent} digits={priceDigits(quote.price)} />
            </Box>
            {asset ? <LiveIndicator type={asset.type} /> : null}
          </>
        ) : asset ? (
          <Typography color="text.secondary">No quote yet</Typography>
        ) : (
          <Typography component="p" sx={PRICE_TEXT}>
            <Skeleton width={180} />
          </Typography>
        )}
      </Box>
      {/* The market status chip has a line of its own on a phone (it never fits beside the time there), and its
          height is kept before it lands, so the page below does not move when it does. */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: 1,
          flexWrap: 'wrap',
          mt: 0.75,
          minHeight: { xs: 52, sm: 24 },
        }}
      >
        {quote ? (
          <Typography variant="body2" color="text.secondary">
            As of {formatDateTime(quote.quotedAt, timeZone)}
          </Typography>
        ) : null}
        {status ? (
          <Chip
            size="small"
            data-testid="market-status"
            label={`${status.label} · ${status.detail}`}
            color={status.open ? 'success' : 'default'}
            variant={status.open ? 'filled' : 'outlined'}
          />
        ) : null}
      </Box>
      {extended ? (
        <Typography variant="body2" sx={{ mt: 0.75 }} data-testid="quote-extended">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {extended.session === 'pre' ? 'Pre-market' : 'After hours'}:{' '}
          </Box>
          <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
            {formatPrice(extended.price, asset?.currency)}
          </Box>{' '}
          <ChangeText change={extended.change} percent={extended.changePercent} digits={priceDigits(extended.price)} />
        </Typography>
      ) : null}
    </Container>
  );
}
