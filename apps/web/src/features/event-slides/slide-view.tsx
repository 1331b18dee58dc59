import { useTheme } from '@mui/material';
import { barScale, type Slide } from './slides-model.ts';

const W = 1600;
const H = 900;

/** One slide as a 16:9 SVG in the page's theme, its text readable by assistive technology. */
export function SlideView({ slide, label }: { slide: Slide; label: string }) {
  const theme = useTheme();
  const ink = theme.palette.text.primary;
  const muted = theme.palette.text.secondary;
  const accent = theme.palette.primary.main;
  const paper = theme.palette.background.paper;
  const rule = theme.palette.divider;
  const font = theme.typography.fontFamily;
  const tones = {
    actual: accent,
    estimate: theme.palette.grey[theme.palette.mode === 'dark' ? 600 : 400],
    prior: theme.palette.info.main,
  };
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={label}
      data-testid="slide"
      data-slide-id={slide.id}
      style={{ display: 'block', width: '100%', height: 'auto', fontFamily: font }}
    >
      <rect x="0" y="0" width={W} height={H} fill={paper} />
      <rect x="0" y="0" width={W} height="14" fill={accent} />
      {slide.kind === 'title' ? (
        <>
          <text x="120" y="380" fontSize="96" fontWeight="700" fill={ink}>
            {slide.title.length > 30 ? `${slide.title.slice(0, 29)}…` : slide.title}
          </text>
          <text x="120" y="490" fontSize="72" fill={accent} fontWeight="600">
            {slide.subtitle}
          </text>
          <line x1="120" x2="520" y1="540" y2="540" stroke={rule} strokeWidth="4" />
          <text x="120" y="620" fontSize="52" fill={muted}>
            {slide.note}
          </text>
        </>
      ) : slide.kind === 'bars' ? (
        <>
          <text x="100" y="150" fontSize="72" fontWeight="700" fill={ink}>
            {slide.title}
          </text>
          <text x="100" y="220" fontSize="44" fill={accent} fontWeight="600">
            {slide.verdict}
          </text>
          {(() => {
            const scale = barScale(slide.bars.map((bar) => bar.value));
            const top = 340;
            const bottom = 760;
            const slot = (W - 200) / Math.max(slide.bars.length, 1);
            const width = Math.min(260, slot * 0.55);
            return slide.bars.map((bar, index) => {
              const height = Math.max(6, ((bottom - top) * Math.abs(bar.value)) / scale);
              const x = 100 + slot * index + (slot - width) / 2;
              return (
                <g key={bar.label}>
                  <rect x={x} y={bottom - height} width={width} height={height} rx="10" fill={tones[bar.tone]} />
                  <text
                    x={x + width / 2}
                    y={bottom - height - 24}
                    fontSize="48"
                    fontWeight="700"
                    fill={ink}
                    textAnchor="middle"
                  >
                    {bar.text}
                  </text>
                  <text x={x + width / 2} y={bottom + 70} fontSize="48" fill={muted} textAnchor="middle">
                    {bar.label}
                  </text>
                </g>
              );
            });
          })()}
          <line x1="100" x2={W - 100} y1="760" y2="760" stroke={rule} strokeWidth="4" />
        </>
      ) : (
        <>
          <text x="100" y="170" fontSize="72" fontWeight="700" fill={ink}>
            {slide.title}
          </text>
          {slide.points.map((point, index) => (
            <g key={point}>
              <circle cx="130" cy={330 + index * 160 - 20} r="16" fill={accent} />
              <text x="190" y={330 + index * 160} fontSize="60" fill={ink}>
                {point}
              </text>
            </g>
          ))}
        </>
      )}
    </svg>
  );
}
