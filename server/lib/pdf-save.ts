import { deflateSync } from "node:zlib";
import { PDFContentStream, type PDFDocument, PDFName, PDFRawStream } from "pdf-lib";

/**
 * A PDF's bytes (tickets, invoices, reports), its page contents compressed by Node's zlib
 * (native) rather than by pdf-lib's JavaScript deflate, which cost a ticket PDF more than its
 * drawing did. The same deflate: the pages read the same.
 */
export async function savePdf(pdf: PDFDocument): Promise<Uint8Array> {
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFContentStream) || object.dict.get(PDFName.of("Filter")) !== PDFName.of("FlateDecode")) continue;
    pdf.context.assign(ref, PDFRawStream.of(object.dict, deflateSync(object.getUnencodedContents())));
  }
  // Without object streams: pdf-lib compresses those in JavaScript too, for the few hundred bytes
  // of dictionaries they would save.
  return pdf.save({ useObjectStreams: false });
}
