import {
  Alert,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  Drawer,
  luminance,
  type MantineColorsTuple,
  Modal,
} from "@mantine/core";

/**
 * The app's Mantine theme, made for WCAG AA contrast in the whole product at once (issue 24 item
 * 1: "fix the theme, not each page"):
 * - primary shade 8: blue.8 under white text is 4.6:1 (Mantine's default blue.6: 3.55:1);
 * - filled colours too light for white text get dark text (autoContrast with a threshold at the
 *   luminance where white text falls below 4.5:1);
 * - the text of "light" variants (badges, alerts, light buttons) is each colour's darkest shade,
 *   darkened further until it reaches 4.6:1 on its tinted background (green, lime, yellow,
 *   orange, teal: even shade 9 stays below 4.5:1);
 * - dimmed text in gray.7 (7:1) instead of gray.6 (3.3:1), errors in red.9;
 * - close buttons of modals and drawers named in the UI language.
 */

const PRIMARY_SHADE = 8;
/** Above this luminance white text is below 4.5:1 ((1 + 0.05) / (L + 0.05) < 4.5 ⇔ L > 0.183). */
const WHITE_TEXT_MAX_LUMINANCE = 0.18;
const TARGET = 4.6;
/** The lightest background a light variant sits on: its tint over the table stripes (gray.0). */
const STRIPE = "#f8f9fa";

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex([r, g, b]: number[]): string {
  return `#${[r, g, b].map((c) => Math.round(c!).toString(16).padStart(2, "0")).join("")}`;
}

/** `fg` at `alpha` over `bg`, as hex. */
function over(fg: string, bg: string, alpha: number): string {
  const f = rgb(fg);
  const b = rgb(bg);
  return toHex(f.map((c, i) => c * alpha + b[i]! * (1 - alpha)));
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour's darkest shade, darkened in steps until it reads at TARGET on its light tint. */
export function lightVariantText(shades: MantineColorsTuple): string {
  const background = over(shades[PRIMARY_SHADE], STRIPE, 0.1);
  let color = shades[9];
  for (let step = 0; step < 10 && contrast(color, background) < TARGET; step++) color = darken(color, 0.1);
  return color;
}

export function createAppTheme(labels: { close: string }) {
  const modalClose = { closeButtonProps: { "aria-label": labels.close } };
  return createTheme({
    primaryColor: "blue",
    primaryShade: PRIMARY_SHADE,
    autoContrast: true,
    luminanceThreshold: WHITE_TEXT_MAX_LUMINANCE,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    defaultRadius: "md",
    components: {
      // A yellow or orange title on its light background is below AA contrast: titles take the text colour.
      Alert: Alert.extend({ styles: { title: { color: "var(--mantine-color-text)" } } }),
      Modal: Modal.extend({ defaultProps: modalClose }),
      Drawer: Drawer.extend({ defaultProps: modalClose }),
    },
  });
}

export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": theme.colors.gray[7],
    "--mantine-color-error": theme.colors.red[9],
    ...Object.fromEntries(
      Object.keys(DEFAULT_THEME.colors).map((name) => [`--mantine-color-${name}-light-color`, lightVariantText(theme.colors[name]!)]),
    ),
  },
  dark: {},
});
