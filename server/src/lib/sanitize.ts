import sanitizeHtml from 'sanitize-html';

// Imported descriptions come from third-party sellers: treat them as hostile. Only markup that
// formats text, shows images, tables and plain links survives; no script, frame, form or handler.
const options: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width', 'scope'],
    table: ['width', 'border', 'cellpadding', 'cellspacing'],
    col: ['span', 'width'],
    colgroup: ['span', 'width'],
    font: ['color', 'size'],
    '*': ['style', 'align'],
  },
  // Marketplace HTML leans on inline styles for layout; keep a few harmless ones and drop the rest
  // (no url(), expression() or positioning tricks can get through these patterns).
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]+$/i],
      'font-weight': [/^(normal|bold|bolder|lighter|\d{3})$/],
      'font-style': [/^(normal|italic)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|%|pt)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      width: [/^\d+(\.\d+)?(px|%)$/],
      'max-width': [/^\d+(\.\d+)?(px|%)$/],
      height: [/^(auto|\d+(\.\d+)?px)$/],
      margin: [/^[\d\s.a-z%-]+$/i],
      padding: [/^[\d\s.a-z%-]+$/i],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: true,
  // Text inside these is code or embedded content, never something to show as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  // An image whose source was refused (data:, javascript:) would only leave an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // Links leave the store: never give the target page a handle on ours, nor our ranking.
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs, rel: 'noopener noreferrer nofollow' };
      if (next.target !== undefined && next.target !== '_blank') delete next.target;
      return { tagName, attribs: next };
    },
  },
};

/** Cleans marketplace product HTML before it is stored or rendered. */
export function sanitizeProductHtml(html: string): string {
  return sanitizeHtml(html, options);
}

/** An absolute http(s) address that parses as a URL (a prefix alone lets `http://exa mple` through). */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value) || !URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

/** Every string in a parsed JSON value cleaned as product HTML; other values kept. */
function sanitizeJsonStrings(value: unknown): unknown {
  if (typeof value === 'string') return sanitizeProductHtml(value);
  if (Array.isArray(value)) return value.map(sanitizeJsonStrings);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, sanitizeJsonStrings(item)]));
  }
  return value;
}

/**
 * The marketplace's mobile description: JSON whose strings hold HTML and picture addresses. Each string is
 * cleaned like a description (an address stays as it is; markup loses scripts and handlers); text that is not
 * JSON is cleaned as HTML.
 */
export function sanitizeMobileDetail(text: string): string {
  if (text.trim() === '') return '';
  try {
    return JSON.stringify(sanitizeJsonStrings(JSON.parse(text)));
  } catch {
    return sanitizeProductHtml(text);
  }
}
