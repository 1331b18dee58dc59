import { encode } from 'uqr';
import { qrPath } from './otpauth.ts';

interface Props {
  value: string;
  /** Accessible name of the image. */
  label: string;
  size?: number;
}

/** A QR code as inline SVG: dark modules on white in both themes, with a quiet zone, as scanners expect. */
export default function QrCode({ value, label, size = 200 }: Props) {
  const qr = encode(value, { ecc: 'M', border: 4 });
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="mfa-qr-code"
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff', borderRadius: 8 }}
    >
      <path d={qrPath(qr.data)} fill="#000" />
    </svg>
  );
}
