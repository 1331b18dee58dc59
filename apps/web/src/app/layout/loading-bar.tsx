import { Box } from '@mui/material';
import { keyframes } from '@mui/material/styles';
import { useNavigation } from 'react-router';

const slide = keyframes`
  0% { transform: translateX(-100%) scaleX(0.3); }
  50% { transform: translateX(20%) scaleX(0.6); }
  100% { transform: translateX(100%) scaleX(0.3); }
`;

/** A thin indeterminate bar fixed at the top of the page. */
export function TopLoadingBar() {
  return (
    <Box
      role="progressbar"
      aria-label="Loading page"
      aria-busy="true"
      data-testid="loading-bar"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        overflow: 'hidden',
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        bgcolor: 'transparent',
        pointerEvents: 'none',
      }}
    >
      <Box
        sx={{
          height: '100%',
          width: '100%',
          bgcolor: 'primary.main',
          transformOrigin: 'left',
          animation: `${slide} 1.1s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.7 },
        }}
      />
    </Box>
  );
}

/** SPEC §1: a thin bar at the top while a navigation or a lazy page is loading. */
export function NavigationLoadingBar() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : <TopLoadingBar />;
}
