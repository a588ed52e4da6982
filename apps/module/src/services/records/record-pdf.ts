/**
 * A record as a real vector PDF (A4 portrait): every value is text a reader can select and
 * search, tables split across pages with their header row repeated, and each page carries the
 * header, the page number and the SHA-256 of the record, so a printed copy can be checked
 * against the device. Standard PDF fonts only: nothing to load from disk.
 */
import { recordTexts as t, type RecordBlock, type RecordDocument } from '@meter/contract';
import PDFDocument from 'pdfkit';

const MARGIN = 50;
const HEADER_H = 40;
const FOOTER_H = 36;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

export interface PdfHeader {
  /** Who the record is of: model and serial number. */
  device: string;
  /** When the PDF was made, in the device's time zone. */
  generated: string;
  hash: string;
}

type Doc = InstanceType<typeof PDFDocument>;

function ensureRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - MARGIN - FOOTER_H) doc.addPage();
}

function sectionTitle(doc: Doc, title: string): void {
  ensureRoom(doc, 40);
  doc.moveDown(0.6).font(BOLD).fontSize(12).fillColor('#000').text(title, MARGIN, doc.y);
  doc.moveDown(0.3);
}

/** Measured quantities are right-aligned, header included, so their decimals line up. */
type Aligns = readonly ('left' | 'right')[];

function drawRow(doc: Doc, cells: readonly string[], widths: readonly number[], font: string, size: number, shade: boolean, aligns?: Aligns): void {
  doc.font(font).fontSize(size);
  const pad = 3;
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 2 * pad }))) + 2 * pad;
  const top = doc.y;
  let x = MARGIN;
  if (shade)
    doc
      .rect(
        MARGIN,
        top,
        widths.reduce((a, b) => a + b, 0),
        height,
      )
      .fill('#e9ecef');
  doc.fillColor('#000');
  cells.forEach((cell, i) => {
    const w = widths[i]!;
    doc.rect(x, top, w, height).lineWidth(0.5).strokeColor('#888').stroke();
    doc.text(cell, x + pad, top + pad, { width: w - 2 * pad, align: aligns?.[i] ?? 'left' });
    x += w;
  });
  doc.x = MARGIN;
  doc.y = top + height;
}

function rowHeight(doc: Doc, cells: readonly string[], widths: readonly number[], font: string, size: number): number {
  doc.font(font).fontSize(size);
  return Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 6 }))) + 6;
}

function drawTable(doc: Doc, headers: readonly string[], rows: readonly (readonly string[])[], widths: readonly number[], size: number, aligns?: Aligns): void {
  const headerHeight = rowHeight(doc, headers, widths, BOLD, size);
  ensureRoom(doc, headerHeight + (rows[0] ? rowHeight(doc, rows[0], widths, FONT, size) : 0));
  drawRow(doc, headers, widths, BOLD, size, true, aligns);
  for (const row of rows) {
    const h = rowHeight(doc, row, widths, FONT, size);
    if (doc.y + h > doc.page.height - MARGIN - FOOTER_H) {
      doc.addPage();
      // The header row again on the new page: a table read from one sheet still says what each column is.
      drawRow(doc, headers, widths, BOLD, size, true, aligns);
    }
    drawRow(doc, row, widths, FONT, size, false, aligns);
  }
}

/**
 * Columns at least as wide as their longest word (a serial number or a model stays on one line,
 * so a search finds it whole); the room left goes to the columns whose values are longer
 * (descriptions), which wrap.
 */
function columnWidths(doc: Doc, headers: readonly string[], rows: readonly (readonly string[])[], total: number, size: number): number[] {
  const pad = 8;
  const words = (v: string) => v.split(/\s+/);
  const widest = (font: string, values: readonly string[]) => {
    doc.font(font).fontSize(size);
    return Math.max(0, ...values.map((v) => doc.widthOfString(v)));
  };
  const min = headers.map(
    (h, i) =>
      Math.max(
        widest(BOLD, words(h)),
        widest(
          FONT,
          rows.flatMap((r) => words(r[i] ?? '')),
        ),
      ) + pad,
  );
  const want = headers.map((_, i) =>
    Math.max(
      min[i]!,
      widest(
        FONT,
        rows.map((r) => r[i] ?? ''),
      ) + pad,
    ),
  );
  const minSum = min.reduce((a, b) => a + b, 0);
  if (minSum >= total) return min.map((w) => (w / minSum) * total);
  const extra = want.map((w, i) => w - min[i]!);
  const extraSum = extra.reduce((a, b) => a + b, 0);
  const room = total - minSum;
  return min.map((w, i) => w + (extraSum > 0 ? (extra[i]! / extraSum) * room : room / headers.length));
}

function drawBlock(doc: Doc, block: RecordBlock, contentWidth: number): void {
  sectionTitle(doc, block.title);
  if (block.kind === 'rows') {
    drawTable(doc, ['Item', 'Value'], block.rows, [contentWidth * 0.4, contentWidth * 0.6], 9);
  } else if (block.kind === 'table') {
    const n = block.headers.length;
    const size = n > 8 ? 7 : 9;
    const aligns: Aligns = block.headers.map((_, i) => (block.numeric?.[i] ? 'right' : 'left'));
    drawTable(doc, block.headers, block.rows, columnWidths(doc, block.headers, block.rows, contentWidth, size), size, aligns);
  } else if (block.text === '') {
    // The signature: a line to sign on.
    ensureRoom(doc, 40);
    const y = doc.y + 30;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + 220, y)
      .lineWidth(0.7)
      .strokeColor('#000')
      .stroke();
    doc.y = y + 6;
  } else {
    ensureRoom(doc, 20);
    doc.font(FONT).fontSize(10).fillColor('#000').text(block.text, MARGIN, doc.y, { width: contentWidth });
  }
}

/** The page furniture, drawn once every page exists so "Page n of N" knows N. */
function furniture(doc: Doc, title: string, header: PdfHeader): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Text below the bottom margin would otherwise open a new page.
    doc.page.margins.bottom = 0;
    const width = doc.page.width - 2 * MARGIN;
    doc
      .font(BOLD)
      .fontSize(10)
      .fillColor('#000')
      .text(title, MARGIN, MARGIN - 20, { width, lineBreak: false });
    doc
      .font(FONT)
      .fontSize(8)
      .text(header.device, MARGIN, MARGIN - 20, { width, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN, MARGIN - 6)
      .lineTo(MARGIN + width, MARGIN - 6)
      .lineWidth(0.5)
      .strokeColor('#888')
      .stroke();
    const fy = doc.page.height - MARGIN - FOOTER_H + 12;
    doc
      .moveTo(MARGIN, fy - 4)
      .lineTo(MARGIN + width, fy - 4)
      .stroke();
    doc.font(FONT).fontSize(7).fillColor('#333');
    doc.text(t.pdfHash(header.hash), MARGIN, fy, { width, lineBreak: false });
    doc.text(t.pdfGenerated(header.generated), MARGIN, fy + 10, { width, lineBreak: false });
    doc.text(t.pdfPage(i - range.start + 1, range.count), MARGIN, fy + 10, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** Renders the document; resolves with the PDF's bytes. */
export function renderRecordPdf(record: RecordDocument, header: PdfHeader): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: MARGIN + HEADER_H - 20, bottom: MARGIN + FOOTER_H, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: record.title, Subject: header.device, Keywords: header.hash },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const contentWidth = doc.page.width - 2 * MARGIN;
  doc.font(BOLD).fontSize(16).text(record.title, MARGIN, doc.y);
  for (const block of record.blocks) drawBlock(doc, block, contentWidth);
  furniture(doc, record.title, header);
  doc.end();
  return done;
}
