import { describe, expect, it } from 'vitest';
import { htmlSanitize, htmlToPreview, safeUrl } from './html-sanitize.ts';

/**
 * Whatever the input, no output may carry script: every real tag is an allowed one, no attribute outside its quotes
 * is an event handler, and every address is https, http, mailto or in-app. Escaped text (`&lt;img onerror…`) is inert.
 */
const TAGS_OK = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'span', 'div', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'a', 'img']);
function scriptFree(html: string): boolean {
  for (const tag of html.match(/<\/?[^>]*>/g) ?? []) {
    const name = /^<\/?([a-z0-9]+)/.exec(tag)?.[1];
    if (!name || !TAGS_OK.has(name)) return false;
    const outsideQuotes = tag.replace(/"[^"]*"/g, '""');
    if (/['`=]\s*[^"\s>]/.test(outsideQuotes) || /\son[a-z]+/i.test(outsideQuotes)) return false;
    for (const [, value] of tag.matchAll(/(?:href|src)="([^"]*)"/g)) if (!/^(https?:|mailto:|\/(?!\/)|#)/.test(value!)) return false;
  }
  return true;
}

describe('the script check itself', () => {
  it('catches what it is meant to catch', () => {
    expect(scriptFree('<img src=x onerror=alert(1)>')).toBe(false);
    expect(scriptFree('<a href="javascript:alert(1)">x</a>')).toBe(false);
    expect(scriptFree('<script>alert(1)</script>')).toBe(false);
    expect(scriptFree('<p>fine &lt;script&gt;</p>')).toBe(true);
  });
});

describe('htmlSanitize', () => {
  it.each([
    ['<p>Hello <b>world</b></p>', '<p>Hello <b>world</b></p>'],
    ['<P CLASS="x" style="color:red">Hi</P>', '<p>Hi</p>'],
    ['a < b && c > d', 'a &lt; b &amp;&amp; c &gt; d'],
    ['Price &euro; 5 &amp; more', 'Price &euro; 5 &amp; more'],
    ['<ul><li>one<li>two</ul>', '<ul><li>one<li>two</li></li></ul>'],
    ['<b>unclosed <i>twice', '<b>unclosed <i>twice</i></b>'],
    ['stray </b> close', 'stray  close'],
    ['<a href="/deposit">Deposit</a>', '<a href="/deposit">Deposit</a>'],
    [
      '<a href="https://example.com/x?a=1&amp;b=2">x</a>',
      '<a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<img src="https://cdn.example.com/a.png" alt="A" width="40" onerror="alert(1)">', '<img src="https://cdn.example.com/a.png" alt="A" width="40">'],
    ['line<br/>break', 'line<br>break'],
    ['<!-- hidden --><p>shown</p>', '<p>shown</p>'],
  ])('keeps what is allowed: %s', (input, expected) => {
    expect(htmlSanitize(input)).toBe(expected);
  });

  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<scr<script>ipt>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<img/src=x onerror=alert(1)>',
    '<img src="x" onerror="alert(1)"',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="//evil.example">x</a>',
    '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    '<svg><script>alert(1)</script></svg>',
    '<svg onload=alert(1)>',
    '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
    '<iframe src="https://evil.example"></iframe>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<style>body{background:url(javascript:alert(1))}</style>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<div onmouseover="alert(1)">hover</div>',
    '<form action="https://evil.example"><input name=x></form>',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<<script>script>alert(1)<</script>/script>',
    '<p title="x" onclick="alert(1)" >x</p>',
    '<a href="https://ok.example" onclick="alert(1)">x</a>',
    '<img src="https://ok.example/a.png" alt="x&quot; onerror=&quot;alert(1)">',
    '<a href="/ok"\nonclick=alert(1)>x</a>',
    '<!--<script>alert(1)</script>-->',
    '<!--[if IE]><script>alert(1)</script><![endif]-->',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<textarea><script>alert(1)</script></textarea>',
    '<template><script>alert(1)</script></template>',
    '<a href="\u0001javascript:alert(1)">x</a>',
    '<a href="/\\evil.example">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
  ])('leaves no script in %s', (input) => {
    const output = htmlSanitize(input);
    expect(scriptFree(output), output).toBe(true);
    // Sanitizing is idempotent: its output is already clean.
    expect(htmlSanitize(output)).toBe(output);
  });

  it('drops dangerous elements with their content, keeping what follows', () => {
    expect(htmlSanitize('a<script>alert(1)</script>b')).toBe('ab');
    expect(htmlSanitize('a<script>never closed')).toBe('a');
    expect(htmlSanitize('<img src=x onerror=alert(1)>after')).toBe('after');
  });

  it('escapes an attribute value so it cannot break out of its quotes', () => {
    expect(htmlSanitize('<img src="https://a.example/x.png" alt="&quot;><script>">')).toBe(
      '<img src="https://a.example/x.png" alt="&quot;&gt;&lt;script&gt;">',
    );
  });

  it('bounds nesting', () => {
    const deep = '<b>'.repeat(1000) + 'x';
    const output = htmlSanitize(deep);
    expect(output.match(/<b>/g)?.length).toBe(32);
    expect(output.endsWith('</b>')).toBe(true);
  });
});

describe('safeUrl', () => {
  it.each([
    ['/deposit', '/deposit'],
    ['/message-detail?id=3', '/message-detail?id=3'],
    ['#/promo', '#/promo'],
    ['https://example.com', 'https://example.com'],
    ['mailto:help@example.com', 'mailto:help@example.com'],
    ['javascript:alert(1)', undefined],
    ['//evil.example', undefined],
    ['deposit', undefined],
    ['ftp://x', undefined],
    ['', undefined],
  ])('%s → %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it('allows only https images', () => {
    expect(safeUrl('http://cdn.example/a.png', 'image')).toBeUndefined();
    expect(safeUrl('https://cdn.example/a.png', 'image')).toBe('https://cdn.example/a.png');
  });
});

describe('htmlToPreview', () => {
  it('answers the plain text, shortened', () => {
    expect(htmlToPreview('<p>Hello <b>there</b></p><p>friend &amp; co</p>')).toBe('Hello there friend & co');
    expect(htmlToPreview('x'.repeat(300), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
