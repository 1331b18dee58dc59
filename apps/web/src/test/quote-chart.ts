/**
 * What the price chart (lightweight-charts) needs of a browser that happy-dom does not give, so component tests
 * can draw the real chart: a CSS colour read back as `rgb(…)` (the library parses colours through computed
 * styles, and happy-dom hands back the hex it was given), and a 2D canvas context, which happy-dom lacks, that
 * takes every drawing call and draws nothing. Pixels stay with the browser tier.
 */

/** `#rgb`, `#rrggbb` and `#rrggbbaa` as a browser's computed style writes them. */
function asRgb(color: string): string {
  const hex = color.match(/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i)?.[1];
  if (!hex) return NAMED[color] ?? color;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(full.slice(at, at + 2), 16));
  if (full.length === 8) return `rgba(${r}, ${g}, ${b}, ${Number.parseInt(full.slice(6), 16) / 255})`;
  return `rgb(${r}, ${g}, ${b})`;
}

const NAMED: Readonly<Record<string, string>> = {
  black: 'rgb(0, 0, 0)',
  white: 'rgb(255, 255, 255)',
  transparent: 'rgba(0, 0, 0, 0)',
};

const noop = () => {};

/** A 2D context that accepts every call: what the chart measures gets plausible sizes, what it draws goes nowhere. */
function drawingContext(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { canvas };
  const calls: Record<string, unknown> = {
    measureText: (text: string) => ({
      width: String(text).length * 7,
      actualBoundingBoxAscent: 9,
      actualBoundingBoxDescent: 3,
    }),
    getImageData: () => ({ data: new Uint8ClampedArray(4) }),
    createImageData: () => ({ data: new Uint8ClampedArray(4) }),
    createLinearGradient: () => ({ addColorStop: noop }),
    createRadialGradient: () => ({ addColorStop: noop }),
    createPattern: () => ({}),
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    getLineDash: () => [],
  };
  return new Proxy(state, {
    get: (target, key) => (key in target ? target[key] : typeof key === 'string' && key in calls ? calls[key] : noop),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

let installed = false;

/** Gives the test's window what the chart needs (once per file: the window is the file's). */
export function allowCharts(): void {
  if (installed) return;
  installed = true;
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    const style = computed(element, pseudo);
    return new Proxy(style, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (key === 'color' && typeof value === 'string') return asRgb(value);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  HTMLCanvasElement.prototype.getContext = function getContext(this: HTMLCanvasElement, kind: string) {
    return kind === '2d' ? drawingContext(this) : null;
  } as HTMLCanvasElement['getContext'];
}
