import { Box, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { PageFrame } from '../../components/page-frame.tsx';
import { TabBar } from '../../components/tab-bar.tsx';
import { useDocumentMeta } from '../../shared/document-meta.ts';
import { pageById } from '../../shared/page-content.ts';
import { preferences } from '../../shared/preferences.ts';
import { usePartner } from '../../shared/sticky-header.ts';
import { PartnerHero } from '../partners/index.ts';
import { useCurrentPage } from '../shell/index.ts';
import {
  CalendarSection,
  FeedSection,
  MoversSection,
  NewsSection,
  OverallScoreSection,
  TopMarketCapSection,
} from './home-sections.tsx';
import { LikelyMoversSection } from './likely-movers.tsx';

/** The home tabs; the reader's choice is kept (SPEC §2) and cleared on sign-out (SPEC §4). */
export const HOME_TABS = [
  { key: 'markets', label: 'Markets' },
  { key: 'earnings', label: 'Earnings' },
  { key: 'news', label: 'News' },
] as const;
export type HomeTab = (typeof HOME_TABS)[number]['key'];

export function storedHomeTab(): HomeTab {
  const stored = preferences.get('homepageTab');
  return HOME_TABS.find((tab) => tab.key === stored)?.key ?? 'markets';
}

const grid = {
  display: 'grid',
  gap: 2,
  alignItems: 'start',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * The home (/, /home, /landing, /welcome, /dashboard, and the partner homes /CNBC and /wolf): the SPEC §2
 * sections in three tabs. Markets: the earnings calendar, gainers, losers, most popular, top market cap and the
 * overall score; Earnings: the feed and the calendar; News: top stories and the feed.
 */
export default function HomePage() {
  const current = useCurrentPage();
  const page = current ?? pageById('home');
  const partner = usePartner();
  useDocumentMeta(page.title, page.description);
  const [tab, setTab] = useState<HomeTab>(storedHomeTab);
  const choose = (next: HomeTab) => {
    setTab(next);
    preferences.set('homepageTab', next);
  };
  return (
    <PageFrame title={page.title} description={page.description}>
      {partner ? <PartnerHero partner={partner} /> : null}
      <TabBar
        items={HOME_TABS.map((item) => ({ ...item, id: `home-tab-${item.key}` }))}
        value={tab}
        onChange={choose}
        aria-label="Home sections"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      />
      <Box role="tabpanel" aria-labelledby={`home-tab-${tab}`} data-testid={`home-panel-${tab}`}>
        {tab === 'markets' ? (
          <Box sx={grid}>
            <CalendarSection />
            <MoversSection kind="gainers" />
            <MoversSection kind="losers" />
            <MoversSection kind="popular" />
            <TopMarketCapSection />
            <OverallScoreSection />
          </Box>
        ) : tab === 'earnings' ? (
          <Box sx={{ ...grid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
            <FeedSection />
            <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
              <CalendarSection />
              <LikelyMoversSection />
            </Box>
          </Box>
        ) : (
          <Box sx={{ ...grid, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
            <NewsSection />
            <FeedSection />
          </Box>
        )}
      </Box>
      <Paper variant="outlined" sx={{ mt: 3, p: 2 }}>
        <Typography variant="body2" color="text.secondary">
          Prices, reports and news here come from the demo market: realistic, generated, and labelled as such.
        </Typography>
      </Paper>
    </PageFrame>
  );
}
