/**
 * A readable name for a device. The Cognito client names each device by the browser's user agent; people
 * recognise "Chrome on macOS", not the user-agent string.
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const MAX_RAW = 60;

export function deviceLabel(name: string | null): string {
  if (!name?.trim()) return 'Unnamed device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(name))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(name))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser ?? system) return (browser ?? system) as string;
  const raw = name.trim();
  return raw.length > MAX_RAW ? `${raw.slice(0, MAX_RAW - 1)}…` : raw;
}
