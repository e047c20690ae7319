import { zip } from '../src/lib/zip.ts';

/** A DOCX as Word packs it: [Content_Types].xml declares the main part a Word document. */
export function docxFile(body = '<w:document/>'): Buffer {
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
    },
    { name: 'word/document.xml', data: Buffer.from(body) },
  ]);
}
