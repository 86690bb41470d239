import sanitizeHtml from "sanitize-html";

/**
 * The rich-text description of an event is stored sanitised: the editor's formatting only,
 * links to http(s)/mailto with rel=noopener, nothing that runs.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "h2", "h3", "h4", "ul", "ol", "li", "blockquote", "a", "hr"],
    allowedAttributes: { a: ["href", "target", "rel"] },
    allowedSchemes: ["http", "https", "mailto"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    },
  }).trim();
}

// SVG is case-sensitive: viewBox, linearGradient and clipPath must keep their spelling.
const SVG_TAGS = [
  "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "defs",
  "linearGradient", "radialGradient", "stop", "title", "desc", "clipPath", "mask", "pattern", "symbol", "use",
];
const SVG_ATTRIBUTES = [
  "id", "class", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "width", "height", "d", "points",
  "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
  "stroke-linejoin", "stroke-dasharray", "opacity", "transform", "viewBox", "xmlns", "version",
  "preserveAspectRatio", "font-size", "font-family", "font-weight", "text-anchor", "dominant-baseline",
  "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "clip-path", "mask",
  "patternUnits", "patternTransform", "href", "xlink:href", "xmlns:xlink", "style",
];

/** A url(...) that points outside the document (anything but "#id"). */
const EXTERNAL_URL = /url\(\s*['"]?\s*(?!#)/i;
/**
 * CSS functions that load an image from a plain string, without url(): image-set("a.png" 1x),
 * image("a.png"), src("a.png"), cross-fade(...), also vendor-prefixed.
 */
const LOADING_FUNCTION = /(?:^|[^a-z0-9_-])(?:-[a-z]+-)?(?:image-set|image|src|cross-fade)\(/i;

/**
 * CSS reads `u\72 l(` and `\75rl(` as url(: escapes are undone (and comments dropped, which
 * can only make a value look more suspicious) before looking for a function.
 */
function cssUnescape(value: string): string {
  return value
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, "")
    .replace(/\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?/g, (_m, hex: string) => {
      const code = Number.parseInt(hex, 16);
      return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? "\ufffd" : String.fromCodePoint(code);
    })
    .replace(/\\([^\n\r\f])/g, "$1");
}

/** Whether an attribute value could make the browser fetch something. */
function loadsSomething(value: string): boolean {
  const css = cssUnescape(value);
  return EXTERNAL_URL.test(value) || EXTERNAL_URL.test(css) || LOADING_FUNCTION.test(css);
}

/**
 * Keeps the drawing of an uploaded SVG (venue backgrounds) and drops scripts, event handlers,
 * foreign content and every reference that is not to the document itself.
 */
export function sanitizeSvg(svg: string): string {
  return sanitizeHtml(svg, {
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    allowedTags: SVG_TAGS,
    allowedAttributes: { "*": SVG_ATTRIBUTES },
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: ["href", "xlink:href"],
    allowProtocolRelative: false,
    // Presentation attributes (fill, mask, clip-path, style, ...) may not load anything either.
    transformTags: {
      "*": (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).filter(([, value]) => !loadsSomething(value))),
      }),
    },
    exclusiveFilter: (frame) =>
      (frame.attribs.href !== undefined && !frame.attribs.href.startsWith("#")) ||
      (frame.attribs["xlink:href"] !== undefined && !frame.attribs["xlink:href"].startsWith("#")),
  });
}
