import { describe, expect, it } from "vitest";
import { sanitizeSvg } from "../../server/lib/sanitize";

/** One rect carrying `style`, sanitised; returns the rect's style or null when it was dropped. */
function styleAfter(style: string): string | null {
  expect(style, "a double quote would end the attribute early").not.toContain('"');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="${style}"/></svg>`;
  const out = sanitizeSvg(svg);
  expect(out).toContain("<rect");
  const match = /style="([^"]*)"/.exec(out);
  return match ? match[1]! : null;
}

describe("sanitizeSvg: styles that would load something", () => {
  it.each([
    ["plain url(", "fill: url(https://evil.example/x.svg#a)"],
    ["u\\72l( (hex escape)", "fill: u\\72l(https://evil.example/x.svg#a)"],
    ["u\\72 l( (hex escape ending in a space)", "fill: u\\72 l(https://evil.example/x.svg#a)"],
    ["\\75rl( (escaped first letter)", "background: \\75rl(https://evil.example/t.png)"],
    ["\\000075rl( (six hex digits)", "background: \\000075rl(https://evil.example/t.png)"],
    ["U\\52L( (upper case)", "background: U\\52L(https://evil.example/t.png)"],
    ["\\u\\r\\l( (escaped letters)", "background: \\u\\r\\l(https://evil.example/t.png)"],
    ["image-set( with a plain string", "background-image: image-set('https://evil.example/t.png' 1x)"],
    ["-webkit-image-set(", "background-image:-webkit-image-set('https://evil.example/t.png' 1x)"],
    ["\\69mage-set( (escaped)", "background-image: \\69mage-set('https://evil.example/t.png' 1x)"],
    ["image-s\\65t( (escaped in the middle)", "background-image: image-s\\65t('https://evil.example/t.png' 1x)"],
    ["image( with a string", "background-image: image('https://evil.example/t.png')"],
    ["a comment inside url(", "fill: u/**/rl(https://evil.example/x.svg#a)"],
  ])("drops %s", (_label, style) => {
    expect(styleAfter(style)).toBeNull();
  });

  it.each([
    ["colours and strokes", "fill: #ff0000; stroke: blue; stroke-width: 2"],
    ["a reference inside the document", "fill: url(#gradient)"],
    ["an escaped reference inside the document", "fill: u\\72l(#gradient)"],
  ])("keeps %s", (_label, style) => {
    expect(styleAfter(style)).not.toBeNull();
  });

  it("presentation attributes follow the same rule", () => {
    const out = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="u\\72l(https://evil.example/x.svg#a)" stroke="url(#ok)"/></svg>',
    );
    expect(out).not.toContain("evil.example");
    expect(out).toContain('stroke="url(#ok)"');
  });
});
