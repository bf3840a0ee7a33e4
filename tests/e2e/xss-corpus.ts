/**
 * Real-world XSS payloads for tests/e2e/xss.spec.ts. Each one, if a screen ever turned it into
 * markup or script, does something the spec detects: opens an alert with its id, sets
 * `window.__xss` to its id, or requests `/xss-marker/<id>`. Each carries its id, so a failure
 * names the payload that got through.
 */
export interface Payload {
  id: string;
  /** What trick it tries, for the report. */
  kind: string;
  text: string;
  /**
   * For payloads that stay text in an HTML fragment: the interpreter they aim at instead (a
   * linkifier, a template engine, a decoder). Screens must show them verbatim.
   */
  inertAsHtml?: string;
}

export const CORPUS: readonly Payload[] = [
  { id: 'x01', kind: 'script element', text: `<script>alert('x01')</script>` },
  { id: 'x02', kind: 'img onerror', text: `<img src=x onerror=alert('x02')>` },
  { id: 'x03', kind: 'svg onload', text: `<svg onload=alert('x03')>` },
  { id: 'x04', kind: 'double-quote attribute breakout', text: `"><script>alert('x04')</script>` },
  { id: 'x05', kind: 'single-quote attribute breakout', text: `'><img src=x onerror=alert('x05')>` },
  { id: 'x06', kind: 'iframe srcdoc', text: `<iframe srcdoc="<script>parent.alert('x06')</script>">` },
  { id: 'x07', kind: 'javascript: link', text: `<a href="javascript:alert('x07')">x07</a>` },
  { id: 'x08', kind: 'bare javascript: URL (linkifiers)', text: `javascript:alert('x08')`, inertAsHtml: 'a linkifier' },
  { id: 'x09', kind: 'markdown javascript: link', text: `[x09](javascript:alert('x09'))`, inertAsHtml: 'a markdown renderer' },
  { id: 'x10', kind: 'body onload', text: `<body onload=alert('x10')>`, inertAsHtml: 'a whole-document parse (a fragment ignores <body>)' },
  { id: 'x11', kind: 'details ontoggle', text: `<details open ontoggle=alert('x11')>` },
  { id: 'x12', kind: 'autofocus onfocus', text: `<input autofocus onfocus=alert('x12')>` },
  { id: 'x13', kind: 'media source onerror', text: `<video><source onerror=alert('x13')>` },
  { id: 'x14', kind: 'mXSS namespace confusion', text: `<math><mtext><table><mglyph><style><img src=x onerror=alert('x14')>` },
  { id: 'x15', kind: 'template injection (Angular/Vue)', text: `{{constructor.constructor('alert("x15")')()}}`, inertAsHtml: 'a template engine' },
  { id: 'x16', kind: 'template literal', text: '${alert(`x16`)}', inertAsHtml: 'a template literal or eval' },
  { id: 'x17', kind: 'textarea breakout', text: `</textarea><script>alert('x17')</script>` },
  { id: 'x18', kind: 'title breakout', text: `</title><svg onload=alert('x18')>` },
  { id: 'x19', kind: 'RTL override around markup', text: `\u202E<img src=x onerror=alert('x19')>\u202C` },
  { id: 'x20', kind: 'object with data: URL', text: `<object data="data:text/html,<script>alert('x20')</script>">` },
  // <script>alert('x21')</script>, base64: a data: URL a linkifier might turn into a link.
  { id: 'x21', kind: 'bare data: URL', text: `data:text/html;base64,PHNjcmlwdD5hbGVydCgneDIxJyk8L3NjcmlwdD4=`, inertAsHtml: 'a linkifier' },
  { id: 'x22', kind: 'CSS expression()', text: `<div style="width:expression(alert('x22'))">x22</div>` },
  { id: 'x23', kind: 'CSS @import', text: `<style>@import '/xss-marker/x23';</style>` },
  { id: 'x24', kind: 'img loading a marker (markup without script)', text: `<img src="/xss-marker/x24">` },
  { id: 'x25', kind: 'stylesheet link', text: `<link rel=stylesheet href=/xss-marker/x25>` },
  { id: 'x26', kind: 'HTML entities (double decoding)', text: `&lt;img src=x onerror=alert('x26')&gt;`, inertAsHtml: 'an entity decoder run twice' },
  { id: 'x27', kind: 'URL-encoded (double decoding)', text: `%3Cscript%3Ealert('x27')%3C/script%3E`, inertAsHtml: 'a URL decoder run twice' },
  { id: 'x28', kind: 'nested tags (naive filter bypass)', text: `<scr<script>ipt>alert('x28')</scr</script>ipt>`, inertAsHtml: 'a filter that strips <script> once' },
  { id: 'x29', kind: 'handler setting window.__xss', text: `<img src=x onerror="__xss='x29'">` },
  { id: 'x30', kind: 'SVG animate onbegin', text: `<svg><animate onbegin=alert('x30') attributeName=x dur=1s>` },
  { id: 'x31', kind: 'attribute injection', text: `" autofocus onfocus="alert('x31')" x="`, inertAsHtml: 'an attribute value built by concatenation' },
  { id: 'x32', kind: 'comment breakout', text: `<!--<img src="--><img src=x onerror=alert('x32')//">` },
  { id: 'x33', kind: 'meta refresh to javascript:', text: `<meta http-equiv=refresh content="0;url=javascript:alert('x33')">` },
  { id: 'x34', kind: 'fullwidth brackets (normalisation)', text: `＜script＞alert('x34')＜/script＞`, inertAsHtml: 'Unicode normalisation (NFKC)' },
  { id: 'x35', kind: 'script-context breakout', text: `</script><script>fetch('/xss-marker/x35')</script>` },
  { id: 'x36', kind: 'i18next nesting/interpolation', text: `$t(app.name) {{name}} x36`, inertAsHtml: 'i18n interpolation run twice' },
  // Also the only kind of address the https-only URL fields (projects, videos) take.
  { id: 'x37', kind: 'URL breaking out of href', text: `https://example.org/x37"><svg/onload=alert('x37')>` },
];

/** As many whole payloads as fit in `max` characters, one space apart. */
export const bundle = (max: number, payloads: readonly Payload[] = CORPUS): string => {
  let out = '';
  for (const p of payloads) {
    const next = out ? `${out} ${p.text}` : p.text;
    if ([...next].length > max) break;
    out = next;
  }
  return out;
};

/**
 * What in the live DOM looks injected rather than rendered by React: inline event handlers,
 * script-bearing elements, and links or frames to javascript:, data: or vbscript: addresses.
 * React never writes on* attributes, and the app's only scripts are its own module files, so
 * anything listed here came from data. Looks inside the element `within` selects (the whole
 * document by default). Runs in the page (serialised by page.evaluate).
 */
export const injectedMarkup = (within = 'html'): string[] => {
  const found: string[] = [];
  const short = (el: Element) => el.outerHTML.slice(0, 160);
  const root = document.querySelector(within)!;
  // The head holds the app's own meta, link and style elements; data only reaches the body.
  const content = within === 'html' ? document.body : root;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) found.push(`handler ${attr.name}: ${short(el)}`);
      if (attr.name === 'srcdoc') found.push(`srcdoc: ${short(el)}`);
      if (attr.name === 'style' && /expression\(|xss-marker/i.test(attr.value)) found.push(`style: ${short(el)}`);
    }
  }
  for (const s of Array.from(root.querySelectorAll('script'))) {
    if (!s.src || new URL(s.src).origin !== location.origin || !new URL(s.src).pathname.startsWith('/assets/')) found.push(`script: ${short(s)}`);
  }
  for (const el of Array.from(content.querySelectorAll('iframe[srcdoc], object, embed, frame, base, meta, link, style, math'))) {
    found.push(`element: ${short(el)}`);
  }
  const urls: [string, string][] = [
    ['a[href], area[href], link[href], base[href]', 'href'],
    ['iframe[src], frame[src], embed[src], img[src], source[src], video[src], audio[src]', 'src'],
    ['form[action]', 'action'],
    ['button[formaction], input[formaction]', 'formaction'],
    ['object[data]', 'data'],
  ];
  for (const [selector, attr] of urls) {
    for (const el of Array.from(root.querySelectorAll(selector))) {
      const value = el.getAttribute(attr) ?? '';
      const protocol = URL.canParse(value, location.href) ? new URL(value, location.href).protocol : 'unparsable:';
      // Pictures may be inline SVG or PNG (the home banners are): an <img> runs no script.
      const picture = el.tagName === 'IMG' && /^data:image\//i.test(value);
      if (!picture && !['http:', 'https:', 'mailto:', 'blob:'].includes(protocol)) found.push(`${attr} ${protocol}: ${short(el)}`);
    }
  }
  return found;
};
