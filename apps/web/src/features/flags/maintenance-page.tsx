import { Box, Typography } from '@mui/material';
import { useEffect } from 'react';
import { Logo } from '../../components/logo.tsx';
import { APP_NAME, documentTitle, MAINTENANCE_HEADING } from '../../shared/constants.ts';

/** Deterministic star field: positions from a small LCG so every render draws the same sky. */
function stars(count: number, seed: number): { x: number; y: number; r: number; o: number }[] {
  let state = seed;
  const next = () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
  return Array.from({ length: count }, () => ({
    x: next() * 100,
    y: next() * 100,
    r: 0.6 + next() * 1.4,
    o: 0.35 + next() * 0.65,
  }));
}

const STARS = stars(140, 20_261_123);

/**
 * SPEC §1: the whole app gives way to this page while the platform's maintenance flag is on: logo, starry
 * background, heading and the message (the server's, or the default).
 */
export function MaintenancePage({ message }: { message: string }) {
  useEffect(() => {
    document.title = documentTitle(MAINTENANCE_HEADING);
  }, []);
  return (
    <Box
      data-testid="maintenance-page"
      sx={{
        position: 'fixed',
        inset: 0,
        overflow: 'auto',
        color: '#f4f7f5',
        background: 'radial-gradient(ellipse at 50% 120%, #16402b 0%, #0b1d16 45%, #05090a 100%)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
      }}
    >
      <Box
        component="svg"
        aria-hidden
        viewBox="0 0 100 100"
        preserveAspectRatio="xMidYMid slice"
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      >
        {STARS.map((star) => (
          <circle
            key={`${star.x.toFixed(3)}-${star.y.toFixed(3)}`}
            cx={star.x}
            cy={star.y}
            r={star.r / 10}
            fill="#ffffff"
            opacity={star.o}
          />
        ))}
      </Box>
      <Box
        component="main"
        sx={{
          position: 'relative',
          textAlign: 'center',
          maxWidth: 560,
          display: 'grid',
          justifyItems: 'center',
          gap: 2,
        }}
      >
        <Logo size={72} title={APP_NAME} />
        <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>
          {MAINTENANCE_HEADING}
        </Typography>
        <Typography sx={{ fontSize: '1.15rem', lineHeight: 1.6, color: '#d7e3dc' }} data-testid="maintenance-message">
          {message}
        </Typography>
        <Typography variant="body2" sx={{ color: '#a9bdb2' }}>
          This page refreshes on its own when {APP_NAME} is back.
        </Typography>
      </Box>
    </Box>
  );
}
