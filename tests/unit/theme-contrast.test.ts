import { DEFAULT_THEME, luminance } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { createAppTheme, cssVariablesResolver, lightVariantText } from "../../client/theme";

/** WCAG contrast of two hex colours. */
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
const mix = (fg: string, bg: string, alpha: number) => {
  const c = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const f = c(fg);
  const b = c(bg);
  return `#${f.map((v, i) => Math.round(v * alpha + b[i]! * (1 - alpha)).toString(16).padStart(2, "0")).join("")}`;
};

describe("the theme reaches WCAG AA contrast (issue 24 item 1)", () => {
  const theme = { ...DEFAULT_THEME, ...createAppTheme({ close: "Close" }), colors: DEFAULT_THEME.colors } as typeof DEFAULT_THEME;

  it.each(Object.keys(DEFAULT_THEME.colors))("%s: light-variant text reads at 4.5:1 on its tint, over white and over table stripes", (name) => {
    const shades = DEFAULT_THEME.colors[name]!;
    const text = lightVariantText(shades);
    for (const ground of ["#ffffff", "#f8f9fa"]) expect(contrast(text, mix(shades[8], ground, 0.1))).toBeGreaterThanOrEqual(4.5);
    expect(cssVariablesResolver(theme).light[`--mantine-color-${name}-light-color`]).toBe(text);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))("%s: filled in the primary shade gets text of 4.5:1 (white or dark by autoContrast)", (name) => {
    const filled = DEFAULT_THEME.colors[name]![theme.primaryShade as number]!;
    const light = luminance(filled) > (theme.luminanceThreshold ?? 0.3);
    expect(contrast(filled, light ? "#000000" : "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("dimmed text and errors are dark enough on white", () => {
    const vars = cssVariablesResolver(theme).light;
    expect(contrast(vars["--mantine-color-dimmed"]!, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrast(vars["--mantine-color-error"]!, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
