import { crc32 } from "node:zlib";

/** A small but well-formed PDF (one empty page). */
export function makePdf(extra = ""): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n${extra}trailer<</Root 1 0 R>>\n%%EOF\n`,
    "latin1",
  );
}

/** A baseline JPEG header (SOI, APP0/JFIF, SOF0 with its size, EOI): what a content sniffer reads. */
export function makeJpeg(width = 8, height = 6): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A zip of stored (uncompressed) entries, with its central directory. */
export function makeZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, "utf8");
    const data = Buffer.from(content, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const WORD_CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** A minimal Word 2007+ document: [Content_Types].xml, the package relationships, word/document.xml. */
export function makeDocx(options: { withDocumentXml?: boolean } = {}): Buffer {
  return makeZip({
    "[Content_Types].xml": WORD_CONTENT_TYPES,
    "_rels/.rels":
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ...(options.withDocumentXml === false
      ? { "word/styles.xml": "<w:styles/>" }
      : { "word/document.xml": '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>' }),
  });
}

/**
 * A Compound File (v3, 512-byte sectors) with one stream, named `streamName`: "WordDocument"
 * makes it a Word 97-2003 .doc, "Workbook" an Excel sheet.
 */
export function makeCompoundFile(streamName = "WordDocument"): Buffer {
  const SECTOR = 512;
  const END = 0xfffffffe;
  const streamSectors = 8; // 4096 bytes: a regular stream, not in the mini stream
  const header = Buffer.alloc(SECTOR);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory in sector 1
  header.writeUInt32LE(0x1000, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(END, 0x44);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(0xffffffff, 0x4c + i * 4);
  header.writeUInt32LE(0, 0x4c); // FAT in sector 0

  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: the FAT itself
  fat.writeUInt32LE(END, 4); // sector 1: the directory
  for (let s = 2; s < 2 + streamSectors; s++) fat.writeUInt32LE(s === 1 + streamSectors ? END : s + 1, s * 4);

  const dir = Buffer.alloc(SECTOR);
  const entry = (index: number, name: string, type: number, child: number, start: number, size: number) => {
    const o = index * 128;
    const nameBytes = Buffer.from(`${name}\0`, "utf16le");
    nameBytes.copy(dir, o);
    dir.writeUInt16LE(nameBytes.length, o + 64);
    dir[o + 66] = type;
    dir[o + 67] = 1;
    dir.writeUInt32LE(0xffffffff, o + 68);
    dir.writeUInt32LE(0xffffffff, o + 72);
    dir.writeUInt32LE(child, o + 76);
    dir.writeUInt32LE(start, o + 116);
    dir.writeUInt32LE(size, o + 120);
  };
  entry(0, "Root Entry", 5, 1, END, 0);
  entry(1, streamName, 2, 0xffffffff, 2, streamSectors * SECTOR);
  for (const i of [2, 3]) {
    dir.writeUInt32LE(0xffffffff, i * 128 + 68);
    dir.writeUInt32LE(0xffffffff, i * 128 + 72);
    dir.writeUInt32LE(0xffffffff, i * 128 + 76);
  }
  return Buffer.concat([header, fat, dir, Buffer.alloc(streamSectors * SECTOR, 0x20)]);
}

/** A Windows executable's first bytes ("MZ", the PE offset and signature). */
export function makeExecutable(): Buffer {
  const exe = Buffer.alloc(512);
  exe.write("MZ", 0, "latin1");
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write("PE\0\0", 0x80, "latin1");
  return exe;
}
