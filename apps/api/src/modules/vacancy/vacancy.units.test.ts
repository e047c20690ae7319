import { visibleLength } from '@hr/contract';
import contentDisposition from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { zip } from '../../lib/zip.ts';
import { FileSniffer, FileTooLarge, FileTypeRefused, sniffed } from '../../lib/file-sniff.ts';
import { docxFile } from '../../../test/file-fixtures.ts';
import { scriptJson as jsonForScript } from '../../lib/script-json.ts';
import { withVacancyHead } from './vacancy.page.ts';
import { storedFileName } from './vacancy.routes.ts';

/** Nothing that can run: no handler attribute, no script/svg/iframe/object, no javascript:/data: link. */
function assertInert(html: string) {
  expect(html).not.toMatch(/<\s*(script|svg|iframe|object|embed|img|style|math|form|input|base|meta|link)/i);
  // Outside the allowed tags there is no markup at all: a leftover «onerror=» is plain text.
  expect(html.replace(/<[^>]*>/g, '')).not.toContain('<');
  expect(html).not.toMatch(/href\s*=\s*"(?!https?:\/\/|mailto:)/i);
  // Every tag left is one of the allow-list, with at most href/rel/target.
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    expect(tag).toMatch(/^<\/?(p|br|ul|ol|li|strong|b|em|i|u|a)( href="[^"]*" rel="nofollow noopener" target="_blank")?>$/);
  }
}

describe('description sanitizer against XSS payloads', () => {
  const payloads = [
    '<img src=x onerror=alert(1)>',
    '<IMG SRC="javascript:alert(1)">',
    '<svg onload=alert(1)><circle r=1 /></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="&#x6A;avascript&#x3A;alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="https://ok.example" onclick="alert(1)">x</a>',
    '<a href=https://ok.example onmouseover=alert(1)>x</a>',
    '<a href="https://ok.example"" onclick="alert(1)">x</a>',
    '<p style="background:url(javascript:alert(1))" onclick=alert(1)>x</p>',
    '<scr<script>ipt>alert(1)</script>',
    '<<script>script>alert(1)<</script>/script>',
    '<script/src="//evil.example/x.js"></script>',
    '<SCRIPT>alert(1)</SCRIPT >',
    '<b><i>unclosed <u>tags',
    '<p><img src=x onerror=alert(1)',
    '<img src=x onerror=alert(1)//',
    '<details open ontoggle=alert(1)>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<!--<img src=x onerror=alert(1)>-->',
    '<!--><img src=x onerror=alert(1)>-->',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&#60;img src=x onerror=alert(1)&#62;',
    '<body onload=alert(1)>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<form action="javascript:alert(1)"><input type=submit></form>',
    '<base href="javascript:/">',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<li onpointerenter=alert(1)>x</li>',
    '<strong/onmouseover=alert(1)>x</strong>',
    '<a href="https://ok.example/" title="<script>">x</a>',
    '<a href="mailto:hr@ok.example?subject=<script>">x</a>',
  ];
  for (const payload of payloads) {
    it(`is inert: ${payload.slice(0, 60)}`, () => {
      assertInert(sanitizeHtml(payload));
      // Cleaning twice changes nothing: what is stored is already clean.
      expect(sanitizeHtml(sanitizeHtml(payload))).toBe(sanitizeHtml(payload));
    });
  }

  it('keeps the allowed formatting and safe links', () => {
    expect(sanitizeHtml('<p>Ищем <strong>HR</strong>, <a href="https://hr.example/job">подробнее</a></p><ul><li>одно</li></ul>')).toBe(
      '<p>Ищем <strong>HR</strong>, <a href="https://hr.example/job" rel="nofollow noopener" target="_blank">подробнее</a></p><ul><li>одно</li></ul>',
    );
  });

  it('counts visible characters after tags and entities', () => {
    expect(visibleLength('<p>a&nbsp;&amp;  <b>b</b></p>')).toBe(5);
    expect(visibleLength('<p>  </p><p></p>')).toBe(0);
  });
});

const sniff = async (...chunks: Buffer[]) => {
  const s = new FileSniffer(4096);
  for (const c of chunks) s.push(c);
  return s.result();
};

describe('file sniffing', () => {
  it('knows PDF, DOC, DOCX and RTF by their bytes', async () => {
    expect(await sniff(Buffer.from('%PDF-1.7\n1 0 obj'))).toBe('pdf');
    expect(await sniff(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]))).toBe('doc');
    expect(await sniff(Buffer.from('{\\rtf1\\ansi hello}'))).toBe('rtf');
    const docx = docxFile();
    const big = new FileSniffer();
    // Split at every byte: a header cut in two is still found.
    for (let i = 0; i < docx.length; i++) big.push(docx.subarray(i, i + 1));
    expect(await big.result()).toBe('docx');
  });

  it('refuses an executable, a plain ZIP and text, whatever they are called', async () => {
    expect(await sniff(Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00'))).toBeNull();
    expect(await sniff(zip([{ name: 'word/other.xml', data: Buffer.from('x') }]))).toBeNull();
    expect(await sniff(zip([{ name: 'notes.txt', data: Buffer.from('word/document.xml') }]))).toBeNull();
    // A ZIP that only names a Word part, without the package's content types, is no DOCX.
    expect(await sniff(zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]))).toBeNull();
    expect(await sniff(Buffer.from('just some text here'))).toBeNull();
  });

  it('stops a refused upload at its first chunks, not at its end', async () => {
    const sniffer = new FileSniffer();
    let sent = 0;
    async function* executable() {
      yield Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00');
      for (; sent < 1000; sent++) {
        await new Promise((resolve) => setImmediate(resolve));
        yield Buffer.alloc(1024, 0x41);
      }
    }
    await expect(async () => {
      for await (const _ of sniffed(executable(), sniffer));
    }).rejects.toThrow(FileTypeRefused);
    expect(sent).toBeLessThan(20);
  });

  it('stops past the size cap', () => {
    const s = new FileSniffer(10);
    s.push(Buffer.from('%PDF-1234'));
    expect(() => s.push(Buffer.from('56'))).toThrow(FileTooLarge);
  });
});

describe('download names and page head', () => {
  it('stores the real extension and encodes the name for Content-Disposition', () => {
    expect(storedFileName('C:\\Users\\x\\Резюме Иванова.exe', 'pdf')).toBe('Резюме Иванова.pdf');
    expect(storedFileName('../../etc/"passwd"\r\n', 'rtf')).toBe('passwd.rtf');
    const header = contentDisposition('Резюме "Ивановой"; x.pdf');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(decodeURIComponent(header.split("UTF-8''")[1] ?? '')).toBe('Резюме "Ивановой"; x.pdf');
  });

  it('keeps </script> inside JSON-LD harmless and escapes the title', () => {
    const json = jsonForScript({ title: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('<');
    expect(JSON.parse(json).title).toBe('</script><script>alert(1)</script>');
    const html = withVacancyHead('<html><head><title>HR-клуб</title></head></html>', { title: '<b>"x"</b> — HR-клуб', head: '<meta x>' });
    expect(html).toContain('<title>&lt;b&gt;&quot;x&quot;&lt;/b&gt; — HR-клуб</title>');
  });
});
